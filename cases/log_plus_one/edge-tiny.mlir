// Case: spec/log_plus_one/edge-tiny
// log1p of tiny arguments is accurate (log1p(x) ~ x - x^2/2); subnormal x returns x.
// Exact values (mpmath) 1.00000001330143195869e-10, -1.00000001340143196136e-10, 0.00000999994974771460865609, 1.40129846432481707092e-45, each rounded to nearest-even f32.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1.0e-10, -1.0e-10, 1.0e-5, 0x00000001]> : tensor<4xf32>
    %result = stablehlo.log_plus_one %operand : tensor<4xf32>
    check.expect_eq_const %result, dense<[1.0e-10, -1.0e-10, 9.99995e-06, 0x00000001]> : tensor<4xf32>
    func.return
  }
}
