// Case: spec/chlo.asin/edge-bf16
// asin on bf16: the exact value of the bf16 input, rounded once.
// Exact values (mpmath) 0.523598775598298873077, -0.848062078981481008053, each rounded to nearest-even bf16.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.5, -0.75]> : tensor<2xbf16>
    %result = chlo.asin %operand : tensor<2xbf16> -> tensor<2xbf16>
    check.expect_eq_const %result, dense<[0.5234375, -0.84765625]> : tensor<2xbf16>
    func.return
  }
}
