// Case: spec/chlo.atan/edge-f64
// atan of f64 arguments, correctly rounded.
// Exact values (mpmath) 0.0996686524911620328746, -1.57079632679489661923, each rounded to nearest-even f64.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.1, -1.0e300]> : tensor<2xf64>
    %result = chlo.atan %operand : tensor<2xf64> -> tensor<2xf64>
    check.expect_eq_const %result, dense<[0.09966865249116204, -1.5707963267948966]> : tensor<2xf64>
    func.return
  }
}
