// Case: spec/subtract/edge-complex
// Complex subtraction subtracts the parts.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[(1.0, 2.0), (0.0, -0.0)]> : tensor<2xcomplex<f32>>
    %rhs = stablehlo.constant dense<[(3.0, -4.0), (-0.0, 0.0)]> : tensor<2xcomplex<f32>>
    %result = stablehlo.subtract %lhs, %rhs : tensor<2xcomplex<f32>>
    check.expect_eq_const %result, dense<[(-2.0, 6.0), (0.0, -0.0)]> : tensor<2xcomplex<f32>>
    func.return
  }
}
