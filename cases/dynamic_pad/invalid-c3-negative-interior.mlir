// Case: spec-invalid/dynamic_pad/invalid-c3-negative-interior
// expect-invalid: dynamic_pad C3
// interior_padding is the constant [-1].
module {
  func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<f32>, %arg2: tensor<1xi64>, %arg3: tensor<1xi64>) -> tensor<?xf32> {
    %interior = stablehlo.constant dense<[-1]> : tensor<1xi64>
    %0 = "stablehlo.dynamic_pad"(%arg0, %arg1, %arg2, %arg3, %interior) : (tensor<2xf32>, tensor<f32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xf32>
    func.return %0 : tensor<?xf32>
  }
}
