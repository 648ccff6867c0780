// Case: spec/chlo.acos/edge-bf16
// acos on bf16: the exact value of the bf16 input, rounded once.
// Exact values (mpmath) 1.04719755119659774615, 2.41885840577637762728, each rounded to nearest-even bf16.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.5, -0.75]> : tensor<2xbf16>
    %result = chlo.acos %operand : tensor<2xbf16> -> tensor<2xbf16>
    check.expect_eq_const %result, dense<[1.046875, 2.421875]> : tensor<2xbf16>
    func.return
  }
}
