// Case: spec/reshape/edge-f16-special
// Values are copied bit-exactly (f16 -0.0, inf, NaN, subnormal).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[-0.0, 0x7C00], [0x7E00, 0x0001]]> : tensor<2x2xf16>
    %result = "stablehlo.reshape"(%operand) : (tensor<2x2xf16>) -> tensor<4xf16>
    check.expect_eq_const %result, dense<[-0.0, 0x7C00, 0x7E00, 0x0001]> : tensor<4xf16>
    func.return
  }
}
