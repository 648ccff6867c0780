// Case: spec/chlo.sinh/edge-bf16
// sinh on bf16: the exact value of the bf16 input, rounded once.
// Exact values (mpmath) 0.521095305493747361622, -11013.2328747033933772, each rounded to nearest-even bf16.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.5, -10.0]> : tensor<2xbf16>
    %result = chlo.sinh %operand : tensor<2xbf16> -> tensor<2xbf16>
    check.expect_eq_const %result, dense<[0.51953125, -11008.0]> : tensor<2xbf16>
    func.return
  }
}
