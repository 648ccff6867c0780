// Case: spec/compare/edge-f16
// FLOAT comparison on f16 including NaN and signed zero.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[0x7E00, -0.0, 0x0001]> : tensor<3xf16>
    %rhs = stablehlo.constant dense<[1.0, 0.0, 0.0]> : tensor<3xf16>
    %r0 = stablehlo.compare LT, %lhs, %rhs, FLOAT : (tensor<3xf16>, tensor<3xf16>) -> tensor<3xi1>
    check.expect_eq_const %r0, dense<[false, false, false]> : tensor<3xi1>
    %r1 = stablehlo.compare EQ, %lhs, %rhs, FLOAT : (tensor<3xf16>, tensor<3xf16>) -> tensor<3xi1>
    check.expect_eq_const %r1, dense<[false, true, false]> : tensor<3xi1>
    %r2 = stablehlo.compare GT, %lhs, %rhs, FLOAT : (tensor<3xf16>, tensor<3xf16>) -> tensor<3xi1>
    check.expect_eq_const %r2, dense<[false, false, true]> : tensor<3xi1>
    func.return
  }
}
