// Case: spec/chlo.asinh/edge-bf16
// asinh on bf16: the exact value of the bf16 input, rounded once.
// Exact values (mpmath) 0.481211825059603447498, -5.29834236561058875737, each rounded to nearest-even bf16.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.5, -100.0]> : tensor<2xbf16>
    %result = chlo.asinh %operand : tensor<2xbf16> -> tensor<2xbf16>
    check.expect_eq_const %result, dense<[0.48046875, -5.3125]> : tensor<2xbf16>
    func.return
  }
}
