// Case: spec/chlo.tan/edge-f64
// tan of f64 arguments, correctly rounded.
// Exact values (mpmath) 0.100334672085450550665, 16331239353195369.756, each rounded to nearest-even f64.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.1, 1.5707963267948966]> : tensor<2xf64>
    %result = chlo.tan %operand : tensor<2xf64> -> tensor<2xf64>
    check.expect_eq_const %result, dense<[0.10033467208545055, 16331239353195370.0]> : tensor<2xf64>
    func.return
  }
}
