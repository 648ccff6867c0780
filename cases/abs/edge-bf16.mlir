// Case: spec/abs/edge-bf16
// abs on bf16: -0.0, max, -inf.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[-0.0, -3.39e+38, 0xFF80, -2.5]> : tensor<4xbf16>
    %result = stablehlo.abs %operand : tensor<4xbf16>
    check.expect_eq_const %result, dense<[0.0, 3.39e+38, 0x7F80, 2.5]> : tensor<4xbf16>
    func.return
  }
}
