// Case: spec/chlo.sinh/edge-f64
// sinh of f64 arguments, correctly rounded.
// Exact values (mpmath) 0.100166750019844031403, -5.07116027367502254728e+303, each rounded to nearest-even f64.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.1, -700.0]> : tensor<2xf64>
    %result = chlo.sinh %operand : tensor<2xf64> -> tensor<2xf64>
    check.expect_eq_const %result, dense<[0.10016675001984403, -5.0711602736750225e+303]> : tensor<2xf64>
    func.return
  }
}
