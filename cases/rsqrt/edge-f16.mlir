// Case: spec/rsqrt/edge-f16
// rsqrt on f16: 1/sqrt(2^-24) = 4096; 1/sqrt(65504).
// Exact values (mpmath) 4096.0, 0.00390720402370454101997, 0.707106781186547524401, each rounded to nearest-even f16.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0x0001, 65504.0, 2.0]> : tensor<3xf16>
    %result = stablehlo.rsqrt %operand : tensor<3xf16>
    check.expect_eq_const %result, dense<[4096.0, 0.00390625, 0.70703125]> : tensor<3xf16>
    func.return
  }
}
