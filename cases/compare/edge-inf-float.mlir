// Case: spec/compare/edge-inf-float
// FLOAT comparisons with infinities.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[0x7F800000, 0xFF800000, 0x7F800000]> : tensor<3xf32>
    %rhs = stablehlo.constant dense<[0x7F800000, 3.4028235e+38, 3.4028235e+38]> : tensor<3xf32>
    %r0 = stablehlo.compare EQ, %lhs, %rhs, FLOAT : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
    check.expect_eq_const %r0, dense<[true, false, false]> : tensor<3xi1>
    %r1 = stablehlo.compare LT, %lhs, %rhs, FLOAT : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
    check.expect_eq_const %r1, dense<[false, true, false]> : tensor<3xi1>
    %r2 = stablehlo.compare GT, %lhs, %rhs, FLOAT : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
    check.expect_eq_const %r2, dense<[false, false, true]> : tensor<3xi1>
    func.return
  }
}
