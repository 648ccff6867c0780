// Case: spec/chlo.atanh/edge-bf16
// atanh on bf16: the exact value of the bf16 input, rounded once.
// Exact values (mpmath) 0.549306144334054845698, -0.972955074527656652553, each rounded to nearest-even bf16.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.5, -0.75]> : tensor<2xbf16>
    %result = chlo.atanh %operand : tensor<2xbf16> -> tensor<2xbf16>
    check.expect_eq_const %result, dense<[0.55078125, -0.97265625]> : tensor<2xbf16>
    func.return
  }
}
