// Case: spec/reduce_precision/edge-nan-inf-zero
// NaN stays NaN (even when the payload is only in the dropped low mantissa bits, 0x7F800001); +-inf and +-0 are unchanged.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0x7F800001, 0x7FC00000, 0xFF800000, -0.0]> : tensor<4xf32>
    %output = stablehlo.reduce_precision %operand, format = e5m10 : tensor<4xf32>
    check.expect_eq_const %output, dense<[0x7FC00000, 0x7FC00000, 0xFF800000, -0.0]> : tensor<4xf32>
    func.return
  }
}
