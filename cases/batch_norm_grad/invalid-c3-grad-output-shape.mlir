// Case: spec-invalid/batch_norm_grad/invalid-c3-grad-output-shape
// expect-invalid: batch_norm_grad C3
// grad_output is 2x4, the operand 2x3.
module {
  func.func @main(%arg0: tensor<2x3xf32>, %arg1: tensor<3xf32>, %arg2: tensor<3xf32>, %arg3: tensor<3xf32>, %arg4: tensor<2x4xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) {
    %0:3 = "stablehlo.batch_norm_grad"(%arg0, %arg1, %arg2, %arg3, %arg4) {epsilon = 1.0e-03 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x4xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
    func.return %0#0, %0#1, %0#2 : tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>
  }
}
