// Case: spec/shift_right_arithmetic/edge-unsigned
// On an unsigned type the arithmetic shift still works on the bit pattern: the top bit fills the vacated
// bits. ui8 240 (0xF0) >> 3 = 254 (0xFE), 128 (0x80) >> 7 = 255, 127 (0x7F) >> 1 = 63. XLA's evaluator
// (static_cast<SignedT>(lhs) >> rhs) and the upstream interpreter (APInt::ashr) agree; docs/semantics.md.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[240, 128, 127, 200]> : tensor<4xui8>
    %rhs = stablehlo.constant dense<[3, 7, 1, 0]> : tensor<4xui8>
    %result = stablehlo.shift_right_arithmetic %lhs, %rhs : tensor<4xui8>
    check.expect_eq_const %result, dense<[254, 255, 63, 200]> : tensor<4xui8>
    func.return
  }
}
