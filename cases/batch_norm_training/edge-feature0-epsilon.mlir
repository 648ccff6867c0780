// Case: spec/batch_norm_training/edge-feature0-epsilon
// feature_index = 0 on f32 2x4: feature 0 has mean 2.5 and variance 1.25, plus epsilon 2.75
// gives stddev 2; feature 1 is constant (variance 0, so its outputs are the offset 0.5).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[1.0, 2.0, 3.0, 4.0], [-5.0, -5.0, -5.0, -5.0]]> : tensor<2x4xf32>
    %scale = stablehlo.constant dense<[2.0, 1.0]> : tensor<2xf32>
    %offset = stablehlo.constant dense<[0.0, 0.5]> : tensor<2xf32>
    %output, %batch_mean, %batch_var = "stablehlo.batch_norm_training"(%operand, %scale, %offset) {
      epsilon = 2.75 : f32,
      feature_index = 0 : i64
    } : (tensor<2x4xf32>, tensor<2xf32>, tensor<2xf32>) ->
        (tensor<2x4xf32>, tensor<2xf32>, tensor<2xf32>)
    check.expect_eq_const %output, dense<[[-1.5, -0.5, 0.5, 1.5], [0.5, 0.5, 0.5, 0.5]]> : tensor<2x4xf32>
    check.expect_eq_const %batch_mean, dense<[2.5, -5.0]> : tensor<2xf32>
    check.expect_eq_const %batch_var, dense<[1.25, 0.0]> : tensor<2xf32>
    func.return
  }
}
