// Case: spec-invalid/dynamic_pad/invalid-c2-padding-size
// expect-invalid: dynamic_pad C2
// edge_padding_low has 2 elements for a rank-1 operand.
module {
  func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<f32>, %arg2: tensor<2xi64>, %arg3: tensor<1xi64>, %arg4: tensor<1xi64>) -> tensor<?xf32> {
    %0 = "stablehlo.dynamic_pad"(%arg0, %arg1, %arg2, %arg3, %arg4) : (tensor<2xf32>, tensor<f32>, tensor<2xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xf32>
    func.return %0 : tensor<?xf32>
  }
}
