// Case: spec/compare/edge-complex
// Complex EQ/NE compare both parts (compare_type FLOAT).
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[(1.0, 2.0), (1.0, 2.0), (-0.0, 0.0)]> : tensor<3xcomplex<f32>>
    %rhs = stablehlo.constant dense<[(1.0, 2.0), (1.0, -2.0), (0.0, -0.0)]> : tensor<3xcomplex<f32>>
    %r0 = stablehlo.compare EQ, %lhs, %rhs, FLOAT : (tensor<3xcomplex<f32>>, tensor<3xcomplex<f32>>) -> tensor<3xi1>
    check.expect_eq_const %r0, dense<[true, false, true]> : tensor<3xi1>
    %r1 = stablehlo.compare NE, %lhs, %rhs, FLOAT : (tensor<3xcomplex<f32>>, tensor<3xcomplex<f32>>) -> tensor<3xi1>
    check.expect_eq_const %r1, dense<[false, true, false]> : tensor<3xi1>
    func.return
  }
}
