// Case: spec/negate/edge-f16
// negate on f16.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.0, 65504.0, 0xFC00, 0x8001]> : tensor<4xf16>
    %result = stablehlo.negate %operand : tensor<4xf16>
    check.expect_eq_const %result, dense<[-0.0, -65504.0, 0x7C00, 0x0001]> : tensor<4xf16>
    func.return
  }
}
