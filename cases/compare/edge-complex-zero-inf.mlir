// Case: spec/compare/edge-complex-zero-inf
// Complex ordered comparisons: -0 == +0 in either part; infinities order as in IEEE.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[(-0.0, 1.0), (0.0, -0.0), (0x7F800000, 0.0), (0xFF800000, 0x7F800000), (0x7F800000, 0xFF800000)]> : tensor<5xcomplex<f32>>
    %rhs = stablehlo.constant dense<[(0.0, 1.0), (-0.0, 0.0), (0x7F800000, -1.0), (-3.4028235e+38, 0.0), (3.4028235e+38, 0x7F800000)]> : tensor<5xcomplex<f32>>
    %r0 = stablehlo.compare EQ, %lhs, %rhs, FLOAT : (tensor<5xcomplex<f32>>, tensor<5xcomplex<f32>>) -> tensor<5xi1>
    check.expect_eq_const %r0, dense<[true, true, false, false, false]> : tensor<5xi1>
    %r1 = stablehlo.compare NE, %lhs, %rhs, FLOAT : (tensor<5xcomplex<f32>>, tensor<5xcomplex<f32>>) -> tensor<5xi1>
    check.expect_eq_const %r1, dense<[false, false, true, true, true]> : tensor<5xi1>
    %r2 = stablehlo.compare LT, %lhs, %rhs, FLOAT : (tensor<5xcomplex<f32>>, tensor<5xcomplex<f32>>) -> tensor<5xi1>
    check.expect_eq_const %r2, dense<[false, false, false, true, false]> : tensor<5xi1>
    %r3 = stablehlo.compare LE, %lhs, %rhs, FLOAT : (tensor<5xcomplex<f32>>, tensor<5xcomplex<f32>>) -> tensor<5xi1>
    check.expect_eq_const %r3, dense<[true, true, false, true, false]> : tensor<5xi1>
    %r4 = stablehlo.compare GT, %lhs, %rhs, FLOAT : (tensor<5xcomplex<f32>>, tensor<5xcomplex<f32>>) -> tensor<5xi1>
    check.expect_eq_const %r4, dense<[false, false, true, false, true]> : tensor<5xi1>
    %r5 = stablehlo.compare GE, %lhs, %rhs, FLOAT : (tensor<5xcomplex<f32>>, tensor<5xcomplex<f32>>) -> tensor<5xi1>
    check.expect_eq_const %r5, dense<[true, true, true, false, true]> : tensor<5xi1>
    func.return
  }
}
