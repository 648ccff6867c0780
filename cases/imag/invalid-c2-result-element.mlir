// Case: spec-invalid/imag/invalid-c2-result-element
// expect-invalid: imag C2
// A complex<f32> operand with an f64 result: the part type is f32.
module {
  func.func @main(%arg0: tensor<2xcomplex<f32>>) -> tensor<2xf64> {
    %0 = "stablehlo.imag"(%arg0) : (tensor<2xcomplex<f32>>) -> tensor<2xf64>
    func.return %0 : tensor<2xf64>
  }
}
