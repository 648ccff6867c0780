// Case: spec/rsqrt/edge-signed-zero
// rsqrt(+0) = +inf, rsqrt(-0) = -inf (IEEE-754 rSqrt).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.0, -0.0]> : tensor<2xf32>
    %result = stablehlo.rsqrt %operand : tensor<2xf32>
    check.expect_eq_const %result, dense<[0x7F800000, 0xFF800000]> : tensor<2xf32>
    func.return
  }
}
