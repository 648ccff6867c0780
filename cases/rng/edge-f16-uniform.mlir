// Case: spec/rng/edge-f16-uniform
// UNIFORM f16 on [0.0, 1.0), shape [2, 3, 4].
module {
  func.func @main() {
    %a = stablehlo.constant dense<0.0> : tensor<f16>
    %b = stablehlo.constant dense<1.0> : tensor<f16>
    %shape = stablehlo.constant dense<[2, 3, 4]> : tensor<3xi64>
    %result = "stablehlo.rng"(%a, %b, %shape) {
      rng_distribution = #stablehlo<rng_distribution UNIFORM>
    } : (tensor<f16>, tensor<f16>, tensor<3xi64>) -> tensor<2x3x4xf16>
    %a_all = "stablehlo.broadcast_in_dim"(%a) {
      broadcast_dimensions = array<i64>
    } : (tensor<f16>) -> tensor<2x3x4xf16>
    %b_all = "stablehlo.broadcast_in_dim"(%b) {
      broadcast_dimensions = array<i64>
    } : (tensor<f16>) -> tensor<2x3x4xf16>
    %at_least_a = "stablehlo.compare"(%result, %a_all) {
      comparison_direction = #stablehlo<comparison_direction GE>
    } : (tensor<2x3x4xf16>, tensor<2x3x4xf16>) -> tensor<2x3x4xi1>
    %below_b = "stablehlo.compare"(%result, %b_all) {
      comparison_direction = #stablehlo<comparison_direction LT>
    } : (tensor<2x3x4xf16>, tensor<2x3x4xf16>) -> tensor<2x3x4xi1>
    %in_range = stablehlo.and %at_least_a, %below_b : tensor<2x3x4xi1>
    %true = stablehlo.constant dense<true> : tensor<i1>
    %all = "stablehlo.reduce"(%in_range, %true) ({
      ^bb0(%arg0: tensor<i1>, %arg1: tensor<i1>):
        %0 = "stablehlo.and"(%arg0, %arg1) : (tensor<i1>, tensor<i1>) -> tensor<i1>
        "stablehlo.return"(%0) : (tensor<i1>) -> ()
    }) {
      dimensions = array<i64: 0, 1, 2>
    } : (tensor<2x3x4xi1>, tensor<i1>) -> tensor<i1>
    check.expect_eq_const %all, dense<true> : tensor<i1>
    func.return
  }
}
