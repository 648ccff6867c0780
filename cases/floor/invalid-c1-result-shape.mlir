// Case: spec-invalid/floor/invalid-c1-result-shape
// expect-invalid: floor C1
// The result has another shape than the operand.
module {
  func.func @main(%arg0: tensor<2xf32>) -> tensor<3xf32> {
    %0 = "stablehlo.floor"(%arg0) : (tensor<2xf32>) -> tensor<3xf32>
    func.return %0 : tensor<3xf32>
  }
}
