// Case: spec/chlo.tan/edge-bf16
// tan on bf16: the exact value of the bf16 input, rounded once.
// Exact values (mpmath) 0.546302489843790513255, 0.587213915156929076678, each rounded to nearest-even bf16.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.5, -100.0]> : tensor<2xbf16>
    %result = chlo.tan %operand : tensor<2xbf16> -> tensor<2xbf16>
    check.expect_eq_const %result, dense<[0.546875, 0.5859375]> : tensor<2xbf16>
    func.return
  }
}
