// Case: spec/chlo.asin/edge-f64
// asin of f64 arguments, correctly rounded.
// Exact values (mpmath) 0.100167421161559801925, -1.56632418711311886849, each rounded to nearest-even f64.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.1, -0.99999]> : tensor<2xf64>
    %result = chlo.asin %operand : tensor<2xf64> -> tensor<2xf64>
    check.expect_eq_const %result, dense<[0.1001674211615598, -1.5663241871131188]> : tensor<2xf64>
    func.return
  }
}
