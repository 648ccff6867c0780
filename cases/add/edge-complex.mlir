// Case: spec/add/edge-complex
// Complex addition adds the parts.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[(1.0, 2.0), (-0.0, 0x7F800000)]> : tensor<2xcomplex<f32>>
    %rhs = stablehlo.constant dense<[(3.0, -4.0), (-0.0, 1.0)]> : tensor<2xcomplex<f32>>
    %result = stablehlo.add %lhs, %rhs : tensor<2xcomplex<f32>>
    check.expect_eq_const %result, dense<[(4.0, -2.0), (-0.0, 0x7F800000)]> : tensor<2xcomplex<f32>>
    func.return
  }
}
