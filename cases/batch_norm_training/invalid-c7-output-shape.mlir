// Case: spec-invalid/batch_norm_training/invalid-c7-output-shape
// expect-invalid: batch_norm_training C7
// The output is 2x4, the operand 2x3.
module {
  func.func @main(%arg0: tensor<2x3xf32>, %arg1: tensor<3xf32>, %arg2: tensor<3xf32>) -> (tensor<2x4xf32>, tensor<3xf32>, tensor<3xf32>) {
    %0:3 = "stablehlo.batch_norm_training"(%arg0, %arg1, %arg2) {epsilon = 1.0e-03 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x4xf32>, tensor<3xf32>, tensor<3xf32>)
    func.return %0#0, %0#1, %0#2 : tensor<2x4xf32>, tensor<3xf32>, tensor<3xf32>
  }
}
