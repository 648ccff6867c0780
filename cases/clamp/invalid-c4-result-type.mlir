// Case: spec-invalid/clamp/invalid-c4-result-type
// expect-invalid: clamp C4
// The result has another shape than the operand.
module {
  func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<2xf32>, %arg2: tensor<2xf32>) -> tensor<3xf32> {
    %0 = "stablehlo.clamp"(%arg0, %arg1, %arg2) : (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<3xf32>
    func.return %0 : tensor<3xf32>
  }
}
