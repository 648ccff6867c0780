// Case: spec/abs/edge-complex
// Spec: for complex numbers abs is the complex modulus and the result type is the part type (|3+4i| = 5, |-0-5i| = 5).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[(3.0, 4.0), (-0.0, -5.0), (0.0, 0.0)]> : tensor<3xcomplex<f32>>
    %result = stablehlo.abs %operand : (tensor<3xcomplex<f32>>) -> tensor<3xf32>
    check.expect_eq_const %result, dense<[5.0, 5.0, 0.0]> : tensor<3xf32>
    func.return
  }
}
