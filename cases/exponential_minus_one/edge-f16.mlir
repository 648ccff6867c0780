// Case: spec/exponential_minus_one/edge-f16
// expm1 on f16.
// Exact values (mpmath) 0.00100090492926048890355, 1.71828182845904523536, 162753.791419003920808, -0.999999997938846377561, each rounded to nearest-even f16.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.001, 1.0, 12.0, -20.0]> : tensor<4xf16>
    %result = stablehlo.exponential_minus_one %operand : tensor<4xf16>
    check.expect_eq_const %result, dense<[0.001001, 1.71875, 0x7C00, -1.0]> : tensor<4xf16>
    func.return
  }
}
