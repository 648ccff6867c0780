// Case: spec/convert/edge-float-to-complex
// Spec: real -> complex zeroes the imaginary part.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1.5, -0.0, 0x7F800000]> : tensor<3xf32>
    %result = stablehlo.convert %operand : (tensor<3xf32>) -> tensor<3xcomplex<f32>>
    check.expect_eq_const %result, dense<[(1.5, 0.0), (-0.0, 0.0), (0x7F800000, 0.0)]> : tensor<3xcomplex<f32>>
    func.return
  }
}
