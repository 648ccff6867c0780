// Case: spec/rsqrt/edge-inf-nan
// rsqrt(+inf) = +0, rsqrt(negative) = NaN, rsqrt(-inf) = NaN, NaN propagates.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0x7F800000, -4.0, 0xFF800000, 0x7FC00000]> : tensor<4xf32>
    %result = stablehlo.rsqrt %operand : tensor<4xf32>
    check.expect_eq_const %result, dense<[0.0, 0x7FC00000, 0x7FC00000, 0x7FC00000]> : tensor<4xf32>
    func.return
  }
}
