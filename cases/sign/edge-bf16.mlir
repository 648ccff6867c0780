// Case: spec/sign/edge-bf16
// sign on bf16.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[-0.0, 0.001, 0x7F80, -3.0]> : tensor<4xbf16>
    %result = stablehlo.sign %operand : tensor<4xbf16>
    check.expect_eq_const %result, dense<[-0.0, 1.0, 1.0, -1.0]> : tensor<4xbf16>
    func.return
  }
}
