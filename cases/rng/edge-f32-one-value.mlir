// Case: spec/rng/edge-f32-one-value
// UNIFORM f32 on [1.0, 1.0000001) (b is the next f32 after a): the only f32 in the interval is 1.0, so
// every element must be 1.0.
module {
  func.func @main() {
    %a = stablehlo.constant dense<1.0> : tensor<f32>
    %b = stablehlo.constant dense<1.0000001> : tensor<f32>
    %shape = stablehlo.constant dense<[6]> : tensor<1xi64>
    %result = "stablehlo.rng"(%a, %b, %shape) {
      rng_distribution = #stablehlo<rng_distribution UNIFORM>
    } : (tensor<f32>, tensor<f32>, tensor<1xi64>) -> tensor<6xf32>
    %a_all = "stablehlo.broadcast_in_dim"(%a) {
      broadcast_dimensions = array<i64>
    } : (tensor<f32>) -> tensor<6xf32>
    %b_all = "stablehlo.broadcast_in_dim"(%b) {
      broadcast_dimensions = array<i64>
    } : (tensor<f32>) -> tensor<6xf32>
    %at_least_a = "stablehlo.compare"(%result, %a_all) {
      comparison_direction = #stablehlo<comparison_direction GE>
    } : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
    %below_b = "stablehlo.compare"(%result, %b_all) {
      comparison_direction = #stablehlo<comparison_direction LT>
    } : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
    %in_range = stablehlo.and %at_least_a, %below_b : tensor<6xi1>
    %true = stablehlo.constant dense<true> : tensor<i1>
    %all = "stablehlo.reduce"(%in_range, %true) ({
      ^bb0(%arg0: tensor<i1>, %arg1: tensor<i1>):
        %0 = "stablehlo.and"(%arg0, %arg1) : (tensor<i1>, tensor<i1>) -> tensor<i1>
        "stablehlo.return"(%0) : (tensor<i1>) -> ()
    }) {
      dimensions = array<i64: 0>
    } : (tensor<6xi1>, tensor<i1>) -> tensor<i1>
    check.expect_eq_const %all, dense<true> : tensor<i1>
    func.return
  }
}
