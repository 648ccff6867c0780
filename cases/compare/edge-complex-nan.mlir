// Case: spec/compare/edge-complex-nan
// Complex ordered comparisons with NaN parts, IEEE per part: a NaN real part makes LT/LE/GT/GE false;
// a NaN imaginary part only when the real parts are equal ((1, NaN) < (2, 0) is true).
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[(0x7FC00000, 0.0), (1.0, 0x7FC00000), (2.0, 0x7FC00000), (2.0, 0.0), (3.0, 1.0), (0x7FC00000, 0x7FC00000)]> : tensor<6xcomplex<f32>>
    %rhs = stablehlo.constant dense<[(1.0, 0.0), (2.0, 0.0), (2.0, 0.0), (0x7FC00000, 5.0), (1.0, 0x7FC00000), (0x7FC00000, 0x7FC00000)]> : tensor<6xcomplex<f32>>
    %r0 = stablehlo.compare EQ, %lhs, %rhs, FLOAT : (tensor<6xcomplex<f32>>, tensor<6xcomplex<f32>>) -> tensor<6xi1>
    check.expect_eq_const %r0, dense<[false, false, false, false, false, false]> : tensor<6xi1>
    %r1 = stablehlo.compare NE, %lhs, %rhs, FLOAT : (tensor<6xcomplex<f32>>, tensor<6xcomplex<f32>>) -> tensor<6xi1>
    check.expect_eq_const %r1, dense<[true, true, true, true, true, true]> : tensor<6xi1>
    %r2 = stablehlo.compare LT, %lhs, %rhs, FLOAT : (tensor<6xcomplex<f32>>, tensor<6xcomplex<f32>>) -> tensor<6xi1>
    check.expect_eq_const %r2, dense<[false, true, false, false, false, false]> : tensor<6xi1>
    %r3 = stablehlo.compare LE, %lhs, %rhs, FLOAT : (tensor<6xcomplex<f32>>, tensor<6xcomplex<f32>>) -> tensor<6xi1>
    check.expect_eq_const %r3, dense<[false, true, false, false, false, false]> : tensor<6xi1>
    %r4 = stablehlo.compare GT, %lhs, %rhs, FLOAT : (tensor<6xcomplex<f32>>, tensor<6xcomplex<f32>>) -> tensor<6xi1>
    check.expect_eq_const %r4, dense<[false, false, false, false, true, false]> : tensor<6xi1>
    %r5 = stablehlo.compare GE, %lhs, %rhs, FLOAT : (tensor<6xcomplex<f32>>, tensor<6xcomplex<f32>>) -> tensor<6xi1>
    check.expect_eq_const %r5, dense<[false, false, false, false, true, false]> : tensor<6xi1>
    func.return
  }
}
