// Case: spec-invalid/reshape/invalid-c2-size
// expect-invalid: reshape C2
// 6 elements reshaped into 4.
module {
  func.func @main(%arg0: tensor<2x3xf32>) -> tensor<4xf32> {
    %0 = "stablehlo.reshape"(%arg0) : (tensor<2x3xf32>) -> tensor<4xf32>
    func.return %0 : tensor<4xf32>
  }
}
