// Case: spec/convert/edge-complex-to-float
// Spec: complex -> real ignores the imaginary part.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[(1.5, 2.0), (-0.0, 0x7FC00000)]> : tensor<2xcomplex<f32>>
    %result = stablehlo.convert %operand : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
    check.expect_eq_const %result, dense<[1.5, -0.0]> : tensor<2xf32>
    func.return
  }
}
