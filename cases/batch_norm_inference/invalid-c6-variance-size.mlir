// Case: spec-invalid/batch_norm_inference/invalid-c6-variance-size
// expect-invalid: batch_norm_inference C6
// variance has 4 elements, the feature dimension 3.
module {
  func.func @main(%arg0: tensor<2x3xf32>, %arg1: tensor<3xf32>, %arg2: tensor<3xf32>, %arg3: tensor<3xf32>, %arg4: tensor<4xf32>) -> tensor<2x3xf32> {
    %0 = "stablehlo.batch_norm_inference"(%arg0, %arg1, %arg2, %arg3, %arg4) {epsilon = 1.0e-03 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<4xf32>) -> tensor<2x3xf32>
    func.return %0 : tensor<2x3xf32>
  }
}
