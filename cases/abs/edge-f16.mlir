// Case: spec/abs/edge-f16
// abs on f16: -0.0, max, subnormal, -inf.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[-0.0, -65504.0, 0x8001, 0xFC00]> : tensor<4xf16>
    %result = stablehlo.abs %operand : tensor<4xf16>
    check.expect_eq_const %result, dense<[0.0, 65504.0, 0x0001, 0x7C00]> : tensor<4xf16>
    func.return
  }
}
