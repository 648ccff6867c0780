// Case: spec/bitcast_convert/edge-f16-to-ui16
// f16 encodings as ui16: 1.0 -> 0x3C00, -0.0 -> 0x8000, inf -> 0x7C00, max -> 0x7BFF.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1.0, -0.0, 0x7C00, 65504.0]> : tensor<4xf16>
    %result = stablehlo.bitcast_convert %operand : (tensor<4xf16>) -> tensor<4xui16>
    check.expect_eq_const %result, dense<[15360, 32768, 31744, 31743]> : tensor<4xui16>
    func.return
  }
}
