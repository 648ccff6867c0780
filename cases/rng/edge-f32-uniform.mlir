// Case: spec/rng/edge-f32-uniform
// UNIFORM f32 on [-1.5, 2.0), shape [4, 5]: every element lies in the interval.
module {
  func.func @main() {
    %a = stablehlo.constant dense<-1.5> : tensor<f32>
    %b = stablehlo.constant dense<2.0> : tensor<f32>
    %shape = stablehlo.constant dense<[4, 5]> : tensor<2xi64>
    %result = "stablehlo.rng"(%a, %b, %shape) {
      rng_distribution = #stablehlo<rng_distribution UNIFORM>
    } : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<4x5xf32>
    %a_all = "stablehlo.broadcast_in_dim"(%a) {
      broadcast_dimensions = array<i64>
    } : (tensor<f32>) -> tensor<4x5xf32>
    %b_all = "stablehlo.broadcast_in_dim"(%b) {
      broadcast_dimensions = array<i64>
    } : (tensor<f32>) -> tensor<4x5xf32>
    %at_least_a = "stablehlo.compare"(%result, %a_all) {
      comparison_direction = #stablehlo<comparison_direction GE>
    } : (tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<4x5xi1>
    %below_b = "stablehlo.compare"(%result, %b_all) {
      comparison_direction = #stablehlo<comparison_direction LT>
    } : (tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<4x5xi1>
    %in_range = stablehlo.and %at_least_a, %below_b : tensor<4x5xi1>
    %true = stablehlo.constant dense<true> : tensor<i1>
    %all = "stablehlo.reduce"(%in_range, %true) ({
      ^bb0(%arg0: tensor<i1>, %arg1: tensor<i1>):
        %0 = "stablehlo.and"(%arg0, %arg1) : (tensor<i1>, tensor<i1>) -> tensor<i1>
        "stablehlo.return"(%0) : (tensor<i1>) -> ()
    }) {
      dimensions = array<i64: 0, 1>
    } : (tensor<4x5xi1>, tensor<i1>) -> tensor<i1>
    check.expect_eq_const %all, dense<true> : tensor<i1>
    func.return
  }
}
