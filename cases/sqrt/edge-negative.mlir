// Case: spec/sqrt/edge-negative
// squareRoot of a negative number (including -inf) is NaN.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[-1.0, 0xFF800000, 0x80000001]> : tensor<3xf32>
    %result = stablehlo.sqrt %operand : tensor<3xf32>
    check.expect_eq_const %result, dense<[0x7FC00000, 0x7FC00000, 0x7FC00000]> : tensor<3xf32>
    func.return
  }
}
