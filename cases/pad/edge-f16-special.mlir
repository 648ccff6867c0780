// Case: spec/pad/edge-f16-special
// Padding with f16 NaN; operand values -0.0 and inf are copied bit-exactly.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[-0.0, 0x7C00]> : tensor<2xf16>
    %padding_value = stablehlo.constant dense<0x7E00> : tensor<f16>
    %result = "stablehlo.pad"(%operand, %padding_value) {
      edge_padding_low = array<i64: 1>,
      edge_padding_high = array<i64: 1>,
      interior_padding = array<i64: 1>
    } : (tensor<2xf16>, tensor<f16>) -> tensor<5xf16>
    check.expect_eq_const %result, dense<[0x7E00, -0.0, 0x7E00, 0x7C00, 0x7E00]> : tensor<5xf16>
    func.return
  }
}
