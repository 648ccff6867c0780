// Case: spec/chlo.acosh/edge-bf16
// acosh on bf16: the exact value of the bf16 input, rounded once.
// Exact values (mpmath) 0.962423650119206894996, 5.2982923656104845907, each rounded to nearest-even bf16.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1.5, 100.0]> : tensor<2xbf16>
    %result = chlo.acosh %operand : tensor<2xbf16> -> tensor<2xbf16>
    check.expect_eq_const %result, dense<[0.9609375, 5.3125]> : tensor<2xbf16>
    func.return
  }
}
