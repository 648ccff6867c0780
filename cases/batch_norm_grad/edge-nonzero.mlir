// Case: spec/batch_norm_grad/edge-nonzero
// f32 2x2 (feature_index = 1), variance + epsilon = 3 + 1 = 4 (stddev 2), a non-trivial grad_output:
// every intermediate of the spec decomposition is exact.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[1.0, 4.0], [3.0, 0.0]]> : tensor<2x2xf32>
    %scale = stablehlo.constant dense<[2.0, 1.0]> : tensor<2xf32>
    %mean = stablehlo.constant dense<[2.0, 2.0]> : tensor<2xf32>
    %variance = stablehlo.constant dense<[3.0, 3.0]> : tensor<2xf32>
    %grad_output = stablehlo.constant dense<[[1.0, -2.0], [3.0, 0.5]]> : tensor<2x2xf32>
    %grad_operand, %grad_scale, %grad_offset =
    "stablehlo.batch_norm_grad"(%operand, %scale, %mean, %variance, %grad_output) {
      epsilon = 1.0 : f32,
      feature_index = 1 : i64
    } : (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>,
         tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>)
    check.expect_eq_const %grad_operand, dense<[[-0.75, 0.0], [0.75, 0.0]]> : tensor<2x2xf32>
    check.expect_eq_const %grad_scale, dense<[1.0, -2.5]> : tensor<2xf32>
    check.expect_eq_const %grad_offset, dense<[4.0, -1.5]> : tensor<2xf32>
    func.return
  }
}
