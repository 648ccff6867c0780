// Case: spec/chlo.acosh/edge-special
// acosh(1) = +0, acosh(+inf) = +inf, acosh below 1 (0.5, -1, -inf) is NaN.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1.0, 0x7F800000, 0.5, -1.0, 0xFF800000, 0x7FC00000]> : tensor<6xf32>
    %result = chlo.acosh %operand : tensor<6xf32> -> tensor<6xf32>
    check.expect_eq_const %result, dense<[0.0, 0x7F800000, 0x7FC00000, 0x7FC00000, 0x7FC00000, 0x7FC00000]> : tensor<6xf32>
    func.return
  }
}
