// Case: spec/slice/edge-f16-special
// Values are copied bit-exactly (f16 -0.0, NaN, inf, subnormal).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1.0, -0.0, 2.0, 0x7E00, 3.0, 0x7C00, 4.0, 0x0001]> : tensor<8xf16>
    %result = "stablehlo.slice"(%operand) {
      start_indices = array<i64: 1>,
      limit_indices = array<i64: 8>,
      strides = array<i64: 2>
    } : (tensor<8xf16>) -> tensor<4xf16>
    check.expect_eq_const %result, dense<[-0.0, 0x7E00, 0x7C00, 0x0001]> : tensor<4xf16>
    func.return
  }
}
