// Case: spec/chlo.acosh/edge-f64
// acosh of f64 arguments, correctly rounded.
// Exact values (mpmath) 2.99322284612638089791, 691.468675078773650567, each rounded to nearest-even f64.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[10.0, 1.0e300]> : tensor<2xf64>
    %result = chlo.acosh %operand : tensor<2xf64> -> tensor<2xf64>
    check.expect_eq_const %result, dense<[2.993222846126381, 691.4686750787737]> : tensor<2xf64>
    func.return
  }
}
