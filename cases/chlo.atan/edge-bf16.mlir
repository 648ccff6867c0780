// Case: spec/chlo.atan/edge-bf16
// atan on bf16: the exact value of the bf16 input, rounded once.
// Exact values (mpmath) 0.463647609000806116214, -1.56079666010823138102, each rounded to nearest-even bf16.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.5, -100.0]> : tensor<2xbf16>
    %result = chlo.atan %operand : tensor<2xbf16> -> tensor<2xbf16>
    check.expect_eq_const %result, dense<[0.463, -1.5625]> : tensor<2xbf16>
    func.return
  }
}
