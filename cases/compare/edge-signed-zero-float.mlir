// Case: spec/compare/edge-signed-zero-float
// FLOAT comparison: -0 == +0 (EQ true, LT false, LE/GE true).
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[-0.0, 0.0]> : tensor<2xf32>
    %rhs = stablehlo.constant dense<[0.0, -0.0]> : tensor<2xf32>
    %r0 = stablehlo.compare EQ, %lhs, %rhs, FLOAT : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
    check.expect_eq_const %r0, dense<[true, true]> : tensor<2xi1>
    %r1 = stablehlo.compare NE, %lhs, %rhs, FLOAT : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
    check.expect_eq_const %r1, dense<[false, false]> : tensor<2xi1>
    %r2 = stablehlo.compare LT, %lhs, %rhs, FLOAT : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
    check.expect_eq_const %r2, dense<[false, false]> : tensor<2xi1>
    %r3 = stablehlo.compare LE, %lhs, %rhs, FLOAT : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
    check.expect_eq_const %r3, dense<[true, true]> : tensor<2xi1>
    %r4 = stablehlo.compare GE, %lhs, %rhs, FLOAT : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
    check.expect_eq_const %r4, dense<[true, true]> : tensor<2xi1>
    func.return
  }
}
