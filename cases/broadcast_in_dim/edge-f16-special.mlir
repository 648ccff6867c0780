// Case: spec/broadcast_in_dim/edge-f16-special
// Values are copied bit-exactly: f16 -0.0, +-inf, NaN, smallest subnormal.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[-0.0], [0x7C00], [0xFC00], [0x7E00], [0x0001]]> : tensor<5x1xf16>
    %result = "stablehlo.broadcast_in_dim"(%operand) {
      broadcast_dimensions = array<i64: 0, 1>
    } : (tensor<5x1xf16>) -> tensor<5x2xf16>
    check.expect_eq_const %result, dense<[[-0.0, -0.0], [0x7C00, 0x7C00], [0xFC00, 0xFC00], [0x7E00, 0x7E00], [0x0001, 0x0001]]> : tensor<5x2xf16>
    func.return
  }
}
