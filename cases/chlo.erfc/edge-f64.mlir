// Case: spec/chlo.erfc/edge-f64
// erfc of f64 arguments; erfc(27) is an f64 subnormal, erfc(28) rounds to +0.
// Exact values (mpmath) 0.887537083981715101595, 5.23704892378925568502e-319, 6.56321584032878415238e-343, each rounded to nearest-even f64.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.1, 27.0, 28.0]> : tensor<3xf64>
    %result = chlo.erfc %operand : tensor<3xf64> -> tensor<3xf64>
    check.expect_eq_const %result, dense<[0.887537083981715, 0x0000000000019E0F, 0.0]> : tensor<3xf64>
    func.return
  }
}
