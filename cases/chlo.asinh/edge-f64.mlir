// Case: spec/chlo.asinh/edge-f64
// asinh of f64 arguments, correctly rounded.
// Exact values (mpmath) 0.0998340788992075688509, -691.468675078773650567, each rounded to nearest-even f64.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.1, -1.0e300]> : tensor<2xf64>
    %result = chlo.asinh %operand : tensor<2xf64> -> tensor<2xf64>
    check.expect_eq_const %result, dense<[0.09983407889920756, -691.4686750787737]> : tensor<2xf64>
    func.return
  }
}
