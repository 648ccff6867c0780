// Case: spec/reduce_precision/edge-bf16-format
// e8m7 (the bf16 format) on f32: round-to-nearest-even of the mantissa field to 7 bits; f32 max rounds up into inf;
// the f32 subnormal 2^-149 rounds to 0 (its mantissa field 0x000001 is below half of the new last bit).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1.0039062, 1.0117188, 3.4028235e+38, 0x00000001]> : tensor<4xf32>
    %output = stablehlo.reduce_precision %operand, format = e8m7 : tensor<4xf32>
    check.expect_eq_const %output, dense<[1.0, 1.015625, 0x7F800000, 0.0]> : tensor<4xf32>
    func.return
  }
}
