// Case: spec/batch_norm_inference/edge-epsilon-feature0
// feature_index = 0 on f32 2x3, epsilon = 0.25 with variances 3.75 / 0.0 so that
// sqrt(variance + epsilon) = 2 / 0.5; scales 3 / -1, offsets -0.5 / 8 (every step exact).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[1.0, 2.0, -3.0], [0.5, 0.75, 1.0]]> : tensor<2x3xf32>
    %scale = stablehlo.constant dense<[3.0, -1.0]> : tensor<2xf32>
    %offset = stablehlo.constant dense<[-0.5, 8.0]> : tensor<2xf32>
    %mean = stablehlo.constant dense<[1.0, 0.25]> : tensor<2xf32>
    %variance = stablehlo.constant dense<[3.75, 0.0]> : tensor<2xf32>
    %result = "stablehlo.batch_norm_inference"(%operand, %scale, %offset, %mean, %variance) {
      epsilon = 0.25 : f32,
      feature_index = 0 : i64
    } : (tensor<2x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<2x3xf32>
    check.expect_eq_const %result, dense<[[-0.5, 1.0, -6.5], [7.5, 7.0, 6.5]]> : tensor<2x3xf32>
    func.return
  }
}
