// Case: spec-invalid/imag/invalid-c1-result-shape
// expect-invalid: imag C1
// The result has another shape than the operand.
module {
  func.func @main(%arg0: tensor<2xcomplex<f32>>) -> tensor<3xf32> {
    %0 = "stablehlo.imag"(%arg0) : (tensor<2xcomplex<f32>>) -> tensor<3xf32>
    func.return %0 : tensor<3xf32>
  }
}
