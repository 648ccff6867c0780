// Case: spec/chlo.atanh/edge-f64
// atanh of f64 arguments, correctly rounded.
// Exact values (mpmath) 0.100335347731075586243, -6.10303382276111236841, each rounded to nearest-even f64.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.1, -0.99999]> : tensor<2xf64>
    %result = chlo.atanh %operand : tensor<2xf64> -> tensor<2xf64>
    check.expect_eq_const %result, dense<[0.10033534773107558, -6.1030338227611125]> : tensor<2xf64>
    func.return
  }
}
