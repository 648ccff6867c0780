// Case: spec-invalid/dynamic_reshape/invalid-c2-size
// expect-invalid: dynamic_reshape C2
// 6 elements reshaped into 4.
module {
  func.func @main(%arg0: tensor<2x3xf32>, %arg1: tensor<1xi64>) -> tensor<4xf32> {
    %0 = "stablehlo.dynamic_reshape"(%arg0, %arg1) : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<4xf32>
    func.return %0 : tensor<4xf32>
  }
}
