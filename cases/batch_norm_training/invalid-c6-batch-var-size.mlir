// Case: spec-invalid/batch_norm_training/invalid-c6-batch-var-size
// expect-invalid: batch_norm_training C6
// batch_var has 4 elements, the feature dimension 3.
module {
  func.func @main(%arg0: tensor<2x3xf32>, %arg1: tensor<3xf32>, %arg2: tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<4xf32>) {
    %0:3 = "stablehlo.batch_norm_training"(%arg0, %arg1, %arg2) {epsilon = 1.0e-03 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<4xf32>)
    func.return %0#0, %0#1, %0#2 : tensor<2x3xf32>, tensor<3xf32>, tensor<4xf32>
  }
}
