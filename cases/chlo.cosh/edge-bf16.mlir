// Case: spec/chlo.cosh/edge-bf16
// cosh on bf16: the exact value of the bf16 input, rounded once.
// Exact values (mpmath) 1.12762596520638078523, 11013.2329201033231397, each rounded to nearest-even bf16.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.5, -10.0]> : tensor<2xbf16>
    %result = chlo.cosh %operand : tensor<2xbf16> -> tensor<2xbf16>
    check.expect_eq_const %result, dense<[1.125, 11008.0]> : tensor<2xbf16>
    func.return
  }
}
