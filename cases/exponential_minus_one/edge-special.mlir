// Case: spec/exponential_minus_one/edge-special
// expm1(-0) = -0, expm1(+inf) = +inf, expm1(-inf) = -1, NaN propagates.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[-0.0, 0.0, 0x7F800000, 0xFF800000, 0x7FC00000]> : tensor<5xf32>
    %result = stablehlo.exponential_minus_one %operand : tensor<5xf32>
    check.expect_eq_const %result, dense<[-0.0, 0.0, 0x7F800000, -1.0, 0x7FC00000]> : tensor<5xf32>
    func.return
  }
}
