// Case: spec/maximum/edge-complex
// Spec: complex maximum is lexicographic on (real, imag).
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[(1.0, 5.0), (1.0, 5.0), (-1.0, 0.0)]> : tensor<3xcomplex<f32>>
    %rhs = stablehlo.constant dense<[(2.0, 0.0), (1.0, 3.0), (-1.0, 2.0)]> : tensor<3xcomplex<f32>>
    %result = stablehlo.maximum %lhs, %rhs : tensor<3xcomplex<f32>>
    check.expect_eq_const %result, dense<[(2.0, 0.0), (1.0, 5.0), (-1.0, 2.0)]> : tensor<3xcomplex<f32>>
    func.return
  }
}
