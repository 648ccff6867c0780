// Case: spec/rng/edge-i8-one-value
// UNIFORM si8 on [5, 6): every element must be 5.
module {
  func.func @main() {
    %a = stablehlo.constant dense<5> : tensor<i8>
    %b = stablehlo.constant dense<6> : tensor<i8>
    %shape = stablehlo.constant dense<[2, 5]> : tensor<2xi64>
    %result = "stablehlo.rng"(%a, %b, %shape) {
      rng_distribution = #stablehlo<rng_distribution UNIFORM>
    } : (tensor<i8>, tensor<i8>, tensor<2xi64>) -> tensor<2x5xi8>
    %a_all = "stablehlo.broadcast_in_dim"(%a) {
      broadcast_dimensions = array<i64>
    } : (tensor<i8>) -> tensor<2x5xi8>
    %b_all = "stablehlo.broadcast_in_dim"(%b) {
      broadcast_dimensions = array<i64>
    } : (tensor<i8>) -> tensor<2x5xi8>
    %at_least_a = "stablehlo.compare"(%result, %a_all) {
      comparison_direction = #stablehlo<comparison_direction GE>
    } : (tensor<2x5xi8>, tensor<2x5xi8>) -> tensor<2x5xi1>
    %below_b = "stablehlo.compare"(%result, %b_all) {
      comparison_direction = #stablehlo<comparison_direction LT>
    } : (tensor<2x5xi8>, tensor<2x5xi8>) -> tensor<2x5xi1>
    %in_range = stablehlo.and %at_least_a, %below_b : tensor<2x5xi1>
    %true = stablehlo.constant dense<true> : tensor<i1>
    %all = "stablehlo.reduce"(%in_range, %true) ({
      ^bb0(%arg0: tensor<i1>, %arg1: tensor<i1>):
        %0 = "stablehlo.and"(%arg0, %arg1) : (tensor<i1>, tensor<i1>) -> tensor<i1>
        "stablehlo.return"(%0) : (tensor<i1>) -> ()
    }) {
      dimensions = array<i64: 0, 1>
    } : (tensor<2x5xi1>, tensor<i1>) -> tensor<i1>
    check.expect_eq_const %all, dense<true> : tensor<i1>
    func.return
  }
}
