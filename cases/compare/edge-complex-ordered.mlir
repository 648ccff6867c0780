// Case: spec/compare/edge-complex-ordered
// Complex GE/GT/LE/LT are lexicographic on (real, imag): unequal real parts decide, equal real
// parts leave it to the imaginary parts; EQ/NE for reference.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[(1.0, 5.0), (2.0, 1.0), (2.0, 3.0), (3.0, 0.0), (-1.0, -2.0), (-1.0, -3.0)]> : tensor<6xcomplex<f32>>
    %rhs = stablehlo.constant dense<[(2.0, 0.0), (2.0, 3.0), (2.0, 3.0), (2.0, 9.0), (-1.0, -3.0), (-1.0, -2.0)]> : tensor<6xcomplex<f32>>
    %r0 = stablehlo.compare EQ, %lhs, %rhs, FLOAT : (tensor<6xcomplex<f32>>, tensor<6xcomplex<f32>>) -> tensor<6xi1>
    check.expect_eq_const %r0, dense<[false, false, true, false, false, false]> : tensor<6xi1>
    %r1 = stablehlo.compare NE, %lhs, %rhs, FLOAT : (tensor<6xcomplex<f32>>, tensor<6xcomplex<f32>>) -> tensor<6xi1>
    check.expect_eq_const %r1, dense<[true, true, false, true, true, true]> : tensor<6xi1>
    %r2 = stablehlo.compare LT, %lhs, %rhs, FLOAT : (tensor<6xcomplex<f32>>, tensor<6xcomplex<f32>>) -> tensor<6xi1>
    check.expect_eq_const %r2, dense<[true, true, false, false, false, true]> : tensor<6xi1>
    %r3 = stablehlo.compare LE, %lhs, %rhs, FLOAT : (tensor<6xcomplex<f32>>, tensor<6xcomplex<f32>>) -> tensor<6xi1>
    check.expect_eq_const %r3, dense<[true, true, true, false, false, true]> : tensor<6xi1>
    %r4 = stablehlo.compare GT, %lhs, %rhs, FLOAT : (tensor<6xcomplex<f32>>, tensor<6xcomplex<f32>>) -> tensor<6xi1>
    check.expect_eq_const %r4, dense<[false, false, false, true, true, false]> : tensor<6xi1>
    %r5 = stablehlo.compare GE, %lhs, %rhs, FLOAT : (tensor<6xcomplex<f32>>, tensor<6xcomplex<f32>>) -> tensor<6xi1>
    check.expect_eq_const %r5, dense<[false, false, true, true, true, false]> : tensor<6xi1>
    func.return
  }
}
