// Case: spec/chlo.conj/edge-complex
// conj(x) = (real(x), -imag(x)), exactly; the sign of a zero imaginary part flips.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[(1.0, 2.0), (-0.5, -0.0), (3.0, 0.0)]> : tensor<3xcomplex<f32>>
    %result = chlo.conj %operand : tensor<3xcomplex<f32>> -> tensor<3xcomplex<f32>>
    check.expect_eq_const %result, dense<[(1.0, -2.0), (-0.5, 0.0), (3.0, -0.0)]> : tensor<3xcomplex<f32>>
    func.return
  }
}
