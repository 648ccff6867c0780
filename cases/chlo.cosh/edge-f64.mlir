// Case: spec/chlo.cosh/edge-f64
// cosh of f64 arguments, correctly rounded.
// Exact values (mpmath) 1.00500416805580359954, 5.07116027367502254728e+303, each rounded to nearest-even f64.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.1, -700.0]> : tensor<2xf64>
    %result = chlo.cosh %operand : tensor<2xf64> -> tensor<2xf64>
    check.expect_eq_const %result, dense<[1.0050041680558035, 5.0711602736750225e+303]> : tensor<2xf64>
    func.return
  }
}
