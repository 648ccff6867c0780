// Case: spec/log_plus_one/edge-special
// log1p(-0) = -0, log1p(-1) = -inf, log1p(x < -1) = NaN, log1p(+inf) = +inf, log1p(-inf) = NaN.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[-0.0, 0.0, -1.0, -2.0, 0x7F800000, 0xFF800000, 0x7FC00000]> : tensor<7xf32>
    %result = stablehlo.log_plus_one %operand : tensor<7xf32>
    check.expect_eq_const %result, dense<[-0.0, 0.0, 0xFF800000, 0x7FC00000, 0x7F800000, 0x7FC00000, 0x7FC00000]> : tensor<7xf32>
    func.return
  }
}
