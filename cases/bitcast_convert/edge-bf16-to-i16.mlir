// Case: spec/bitcast_convert/edge-bf16-to-i16
// bf16 encodings as si16: 1.0 -> 0x3F80, -0.0 -> 0x8000, -inf -> 0xFF80.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1.0, -0.0, 0xFF80]> : tensor<3xbf16>
    %result = stablehlo.bitcast_convert %operand : (tensor<3xbf16>) -> tensor<3xi16>
    check.expect_eq_const %result, dense<[16256, -32768, -128]> : tensor<3xi16>
    func.return
  }
}
