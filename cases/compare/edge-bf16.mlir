// Case: spec/compare/edge-bf16
// FLOAT comparison on bf16.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[0x7FC0, -0.0, 1.0]> : tensor<3xbf16>
    %rhs = stablehlo.constant dense<[1.0, 0.0, 1.0078125]> : tensor<3xbf16>
    %r0 = stablehlo.compare NE, %lhs, %rhs, FLOAT : (tensor<3xbf16>, tensor<3xbf16>) -> tensor<3xi1>
    check.expect_eq_const %r0, dense<[true, false, true]> : tensor<3xi1>
    %r1 = stablehlo.compare LT, %lhs, %rhs, FLOAT : (tensor<3xbf16>, tensor<3xbf16>) -> tensor<3xi1>
    check.expect_eq_const %r1, dense<[false, false, true]> : tensor<3xi1>
    func.return
  }
}
