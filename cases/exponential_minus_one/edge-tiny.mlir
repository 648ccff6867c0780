// Case: spec/exponential_minus_one/edge-tiny
// expm1 of tiny arguments is accurate (no cancellation): expm1(x) ~ x + x^2/2.
// Exact values (mpmath) 1.00000001340143196135e-10, -1.00000001330143195868e-10, 0.0000100000497475428924938, 1.40129846432481707092e-45, each rounded to nearest-even f32.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1.0e-10, -1.0e-10, 1.0e-5, 0x00000001]> : tensor<4xf32>
    %result = stablehlo.exponential_minus_one %operand : tensor<4xf32>
    check.expect_eq_const %result, dense<[1.0e-10, -1.0e-10, 0.00001000005, 0x00000001]> : tensor<4xf32>
    func.return
  }
}
