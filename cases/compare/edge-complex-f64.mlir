// Case: spec/compare/edge-complex-f64
// complex<f64> ordered comparisons with values one ulp apart.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[(1.0, 1.0), (1.0, 1.0000000000000002), (0.30000000000000004, -1.0)]> : tensor<3xcomplex<f64>>
    %rhs = stablehlo.constant dense<[(1.0, 1.0000000000000002), (1.0, 1.0), (0.3, 5.0)]> : tensor<3xcomplex<f64>>
    %r0 = stablehlo.compare EQ, %lhs, %rhs, FLOAT : (tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>) -> tensor<3xi1>
    check.expect_eq_const %r0, dense<[false, false, false]> : tensor<3xi1>
    %r1 = stablehlo.compare NE, %lhs, %rhs, FLOAT : (tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>) -> tensor<3xi1>
    check.expect_eq_const %r1, dense<[true, true, true]> : tensor<3xi1>
    %r2 = stablehlo.compare LT, %lhs, %rhs, FLOAT : (tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>) -> tensor<3xi1>
    check.expect_eq_const %r2, dense<[true, false, false]> : tensor<3xi1>
    %r3 = stablehlo.compare LE, %lhs, %rhs, FLOAT : (tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>) -> tensor<3xi1>
    check.expect_eq_const %r3, dense<[true, false, false]> : tensor<3xi1>
    %r4 = stablehlo.compare GT, %lhs, %rhs, FLOAT : (tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>) -> tensor<3xi1>
    check.expect_eq_const %r4, dense<[false, true, true]> : tensor<3xi1>
    %r5 = stablehlo.compare GE, %lhs, %rhs, FLOAT : (tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>) -> tensor<3xi1>
    check.expect_eq_const %r5, dense<[false, true, true]> : tensor<3xi1>
    func.return
  }
}
