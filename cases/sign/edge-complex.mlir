// Case: spec/sign/edge-complex
// Spec: complex sign is x / |x| (3+4i -> 0.6+0.8i, each part rounded) and (0, 0) -> (0, 0).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[(3.0, 4.0), (0.0, 0.0), (0.0, -2.0)]> : tensor<3xcomplex<f32>>
    %result = stablehlo.sign %operand : tensor<3xcomplex<f32>>
    check.expect_eq_const %result, dense<[(0.6, 0.8), (0.0, 0.0), (0.0, -1.0)]> : tensor<3xcomplex<f32>>
    func.return
  }
}
