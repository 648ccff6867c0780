// Case: spec/batch_norm_training/edge-f32-rank3-feature1
// f32 2x2x2 with feature_index = 1, epsilon = 0, exact means and variances.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[[0.0, 4.0], [1.0, 1.0]], [[0.0, 4.0], [3.0, 3.0]]]> : tensor<2x2x2xf32>
    %scale = stablehlo.constant dense<[1.0, 4.0]> : tensor<2xf32>
    %offset = stablehlo.constant dense<[0.0, 0.0]> : tensor<2xf32>
    %output, %batch_mean, %batch_var = "stablehlo.batch_norm_training"(%operand, %scale, %offset) {
      epsilon = 0.0 : f32,
      feature_index = 1 : i64
    } : (tensor<2x2x2xf32>, tensor<2xf32>, tensor<2xf32>) ->
        (tensor<2x2x2xf32>, tensor<2xf32>, tensor<2xf32>)
    check.expect_eq_const %output, dense<[[[-1.0, 1.0], [-4.0, -4.0]], [[-1.0, 1.0], [4.0, 4.0]]]> : tensor<2x2x2xf32>
    check.expect_eq_const %batch_mean, dense<[2.0, 2.0]> : tensor<2xf32>
    check.expect_eq_const %batch_var, dense<[4.0, 1.0]> : tensor<2xf32>
    func.return
  }
}
