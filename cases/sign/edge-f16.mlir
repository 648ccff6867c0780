// Case: spec/sign/edge-f16
// sign on f16.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[-0.0, 0x0001, 0xFC00, -3.0]> : tensor<4xf16>
    %result = stablehlo.sign %operand : tensor<4xf16>
    check.expect_eq_const %result, dense<[-0.0, 1.0, -1.0, -1.0]> : tensor<4xf16>
    func.return
  }
}
