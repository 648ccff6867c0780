// Case: spec/rng/edge-normal-zero-deviation
// NORMAL f32 with standard deviation b = 0 (allowed: only b < 0 is undefined): the distribution is
// the point mass at a = 1.5, so every element must be 1.5.
module {
  func.func @main() {
    %a = stablehlo.constant dense<1.5> : tensor<f32>
    %b = stablehlo.constant dense<0.0> : tensor<f32>
    %shape = stablehlo.constant dense<[4]> : tensor<1xi64>
    %result = "stablehlo.rng"(%a, %b, %shape) {
      rng_distribution = #stablehlo<rng_distribution NORMAL>
    } : (tensor<f32>, tensor<f32>, tensor<1xi64>) -> tensor<4xf32>
    %a_all = "stablehlo.broadcast_in_dim"(%a) {
      broadcast_dimensions = array<i64>
    } : (tensor<f32>) -> tensor<4xf32>
    %equals_a = "stablehlo.compare"(%result, %a_all) {
      comparison_direction = #stablehlo<comparison_direction EQ>
    } : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
    %true = stablehlo.constant dense<true> : tensor<i1>
    %all = "stablehlo.reduce"(%equals_a, %true) ({
      ^bb0(%arg0: tensor<i1>, %arg1: tensor<i1>):
        %0 = "stablehlo.and"(%arg0, %arg1) : (tensor<i1>, tensor<i1>) -> tensor<i1>
        "stablehlo.return"(%0) : (tensor<i1>) -> ()
    }) {
      dimensions = array<i64: 0>
    } : (tensor<4xi1>, tensor<i1>) -> tensor<i1>
    check.expect_eq_const %all, dense<true> : tensor<i1>
    func.return
  }
}
