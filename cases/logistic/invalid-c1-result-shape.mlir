// Case: spec-invalid/logistic/invalid-c1-result-shape
// expect-invalid: logistic C1
// The result has another shape than the operand.
module {
  func.func @main(%arg0: tensor<2xf32>) -> tensor<3xf32> {
    %0 = "stablehlo.logistic"(%arg0) : (tensor<2xf32>) -> tensor<3xf32>
    func.return %0 : tensor<3xf32>
  }
}
