// Case: spec/rng/example-1
// From the spec's `rng` example (UNIFORM, si32, a = 0, b = 2, shape [3, 3]). The spec's printed values are
// one implementation-defined draw; the case checks that every element lies in [0, 2).
module {
  func.func @main() {
    %a = stablehlo.constant dense<0> : tensor<i32>
    %b = stablehlo.constant dense<2> : tensor<i32>
    %shape = stablehlo.constant dense<[3, 3]> : tensor<2xi64>
    %result = "stablehlo.rng"(%a, %b, %shape) {
      rng_distribution = #stablehlo<rng_distribution UNIFORM>
    } : (tensor<i32>, tensor<i32>, tensor<2xi64>) -> tensor<3x3xi32>
    %a_all = "stablehlo.broadcast_in_dim"(%a) {
      broadcast_dimensions = array<i64>
    } : (tensor<i32>) -> tensor<3x3xi32>
    %b_all = "stablehlo.broadcast_in_dim"(%b) {
      broadcast_dimensions = array<i64>
    } : (tensor<i32>) -> tensor<3x3xi32>
    %at_least_a = "stablehlo.compare"(%result, %a_all) {
      comparison_direction = #stablehlo<comparison_direction GE>
    } : (tensor<3x3xi32>, tensor<3x3xi32>) -> tensor<3x3xi1>
    %below_b = "stablehlo.compare"(%result, %b_all) {
      comparison_direction = #stablehlo<comparison_direction LT>
    } : (tensor<3x3xi32>, tensor<3x3xi32>) -> tensor<3x3xi1>
    %in_range = stablehlo.and %at_least_a, %below_b : tensor<3x3xi1>
    %true = stablehlo.constant dense<true> : tensor<i1>
    %all = "stablehlo.reduce"(%in_range, %true) ({
      ^bb0(%arg0: tensor<i1>, %arg1: tensor<i1>):
        %0 = "stablehlo.and"(%arg0, %arg1) : (tensor<i1>, tensor<i1>) -> tensor<i1>
        "stablehlo.return"(%0) : (tensor<i1>) -> ()
    }) {
      dimensions = array<i64: 0, 1>
    } : (tensor<3x3xi1>, tensor<i1>) -> tensor<i1>
    check.expect_eq_const %all, dense<true> : tensor<i1>
    func.return
  }
}
