// Case: spec/chlo.erf/edge-f64
// erf of f64 arguments, correctly rounded (erf(6) is within 2^-53 of 1: rounds to 1).
// Exact values (mpmath) 0.112462916018284898405, -0.99959304798255504106, 0.99999999999999997848, each rounded to nearest-even f64.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.1, -2.5, 6.0]> : tensor<3xf64>
    %result = chlo.erf %operand : tensor<3xf64> -> tensor<3xf64>
    check.expect_eq_const %result, dense<[0.1124629160182849, -0.999593047982555, 1.0]> : tensor<3xf64>
    func.return
  }
}
