// Case: spec/exponential_minus_one/edge-f64
// expm1 on f64 (tiny, subnormal, large).
// Exact values (mpmath) 1.00000000000000002506e-300, 4.94065645841246544177e-324, -0.393469340287366576396, 1.01423205473500450946e+304, each rounded to nearest-even f64.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1.0e-300, 0x0000000000000001, -0.5, 700.0]> : tensor<4xf64>
    %result = stablehlo.exponential_minus_one %operand : tensor<4xf64>
    check.expect_eq_const %result, dense<[1.0e-300, 0x0000000000000001, -0.3934693402873666, 1.0142320547350045e+304]> : tensor<4xf64>
    func.return
  }
}
