// Case: spec/compare/edge-nan-float
// FLOAT comparisons are IEEE quiet predicates: every ordered comparison with NaN is false, NE is true.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[0x7FC00000, 1.0, 0x7FC00000]> : tensor<3xf32>
    %rhs = stablehlo.constant dense<[1.0, 0x7FC00000, 0x7FC00000]> : tensor<3xf32>
    %r0 = stablehlo.compare EQ, %lhs, %rhs, FLOAT : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
    check.expect_eq_const %r0, dense<[false, false, false]> : tensor<3xi1>
    %r1 = stablehlo.compare NE, %lhs, %rhs, FLOAT : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
    check.expect_eq_const %r1, dense<[true, true, true]> : tensor<3xi1>
    %r2 = stablehlo.compare LT, %lhs, %rhs, FLOAT : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
    check.expect_eq_const %r2, dense<[false, false, false]> : tensor<3xi1>
    %r3 = stablehlo.compare LE, %lhs, %rhs, FLOAT : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
    check.expect_eq_const %r3, dense<[false, false, false]> : tensor<3xi1>
    %r4 = stablehlo.compare GT, %lhs, %rhs, FLOAT : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
    check.expect_eq_const %r4, dense<[false, false, false]> : tensor<3xi1>
    %r5 = stablehlo.compare GE, %lhs, %rhs, FLOAT : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
    check.expect_eq_const %r5, dense<[false, false, false]> : tensor<3xi1>
    func.return
  }
}
