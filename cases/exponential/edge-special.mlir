// Case: spec/exponential/edge-special
// exp(+-0) = 1, exp(+inf) = +inf, exp(-inf) = +0, NaN propagates.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[-0.0, 0.0, 0x7F800000, 0xFF800000, 0x7FC00000]> : tensor<5xf32>
    %result = stablehlo.exponential %operand : tensor<5xf32>
    check.expect_eq_const %result, dense<[1.0, 1.0, 0x7F800000, 0.0, 0x7FC00000]> : tensor<5xf32>
    func.return
  }
}
