// Case: spec/cbrt/edge-bf16
// cbrt on bf16.
// Exact values (mpmath) 1.25992104989487316477, 10000851766.589265408, each rounded to nearest-even bf16.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[2.0, -8.0, 1.0e30]> : tensor<3xbf16>
    %result = stablehlo.cbrt %operand : tensor<3xbf16>
    check.expect_eq_const %result, dense<[1.2578125, -2.0, 10000000000.0]> : tensor<3xbf16>
    func.return
  }
}
