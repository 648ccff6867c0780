// Case: spec-invalid/batch_norm_grad/invalid-c2-scale-element
// expect-invalid: batch_norm_grad C2
// scale is f64, the others f32.
module {
  func.func @main(%arg0: tensor<2x3xf32>, %arg1: tensor<3xf64>, %arg2: tensor<3xf32>, %arg3: tensor<3xf32>, %arg4: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) {
    %0:3 = "stablehlo.batch_norm_grad"(%arg0, %arg1, %arg2, %arg3, %arg4) {epsilon = 1.0e-03 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf64>, tensor<3xf32>, tensor<3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
    func.return %0#0, %0#1, %0#2 : tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>
  }
}
