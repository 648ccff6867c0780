// Case: spec/transpose/edge-bf16-special
// Values are copied bit-exactly (bf16 -0.0, -inf, NaN, 0.1).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[-0.0, 0xFF80], [0x7FC0, 0.1]]> : tensor<2x2xbf16>
    %result = "stablehlo.transpose"(%operand) {
      permutation = array<i64: 1, 0>
    } : (tensor<2x2xbf16>) -> tensor<2x2xbf16>
    check.expect_eq_const %result, dense<[[-0.0, 0x7FC0], [0xFF80, 0.1]]> : tensor<2x2xbf16>
    func.return
  }
}
