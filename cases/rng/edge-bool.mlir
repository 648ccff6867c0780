// Case: spec/rng/edge-bool
// UNIFORM i1 on [false, true): the only value in the interval is false.
module {
  func.func @main() {
    %a = stablehlo.constant dense<false> : tensor<i1>
    %b = stablehlo.constant dense<true> : tensor<i1>
    %shape = stablehlo.constant dense<[3]> : tensor<1xi64>
    %result = "stablehlo.rng"(%a, %b, %shape) {
      rng_distribution = #stablehlo<rng_distribution UNIFORM>
    } : (tensor<i1>, tensor<i1>, tensor<1xi64>) -> tensor<3xi1>
    %a_all = "stablehlo.broadcast_in_dim"(%a) {
      broadcast_dimensions = array<i64>
    } : (tensor<i1>) -> tensor<3xi1>
    %b_all = "stablehlo.broadcast_in_dim"(%b) {
      broadcast_dimensions = array<i64>
    } : (tensor<i1>) -> tensor<3xi1>
    %at_least_a = "stablehlo.compare"(%result, %a_all) {
      comparison_direction = #stablehlo<comparison_direction GE>
    } : (tensor<3xi1>, tensor<3xi1>) -> tensor<3xi1>
    %below_b = "stablehlo.compare"(%result, %b_all) {
      comparison_direction = #stablehlo<comparison_direction LT>
    } : (tensor<3xi1>, tensor<3xi1>) -> tensor<3xi1>
    %in_range = stablehlo.and %at_least_a, %below_b : tensor<3xi1>
    %true = stablehlo.constant dense<true> : tensor<i1>
    %all = "stablehlo.reduce"(%in_range, %true) ({
      ^bb0(%arg0: tensor<i1>, %arg1: tensor<i1>):
        %0 = "stablehlo.and"(%arg0, %arg1) : (tensor<i1>, tensor<i1>) -> tensor<i1>
        "stablehlo.return"(%0) : (tensor<i1>) -> ()
    }) {
      dimensions = array<i64: 0>
    } : (tensor<3xi1>, tensor<i1>) -> tensor<i1>
    check.expect_eq_const %all, dense<true> : tensor<i1>
    func.return
  }
}
