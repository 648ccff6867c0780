// Case: spec-invalid/convert/invalid-c1-result-shape
// expect-invalid: convert C1
// The result has another shape than the operand.
module {
  func.func @main(%arg0: tensor<2xf32>) -> tensor<3xi32> {
    %0 = "stablehlo.convert"(%arg0) : (tensor<2xf32>) -> tensor<3xi32>
    func.return %0 : tensor<3xi32>
  }
}
