// Case: spec/reverse/edge-f16-special
// Values are copied bit-exactly (f16 -0.0, NaN, -inf, subnormal).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[-0.0, 0x7E00, 0xFC00, 0x0001]> : tensor<4xf16>
    %result = "stablehlo.reverse"(%operand) {
      dimensions = array<i64: 0>
    } : (tensor<4xf16>) -> tensor<4xf16>
    check.expect_eq_const %result, dense<[0x0001, 0xFC00, 0x7E00, -0.0]> : tensor<4xf16>
    func.return
  }
}
