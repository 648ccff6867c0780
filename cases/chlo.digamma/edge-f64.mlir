// Case: spec/chlo.digamma/edge-f64
// digamma of f64 arguments, correctly rounded.
// Exact values (mpmath) -10.4237549404110762321, -9.24126552172942751679e-17, 0.036489973978576520559, each rounded to nearest-even f64.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.1, 1.4616321449683622, -0.5]> : tensor<3xf64>
    %result = chlo.digamma %operand : tensor<3xf64> -> tensor<3xf64>
    check.expect_eq_const %result, dense<[-10.423754940411076, -9.241265521729427e-17, 0.03648997397857652]> : tensor<3xf64>
    func.return
  }
}
