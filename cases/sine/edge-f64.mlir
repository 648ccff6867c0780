// Case: spec/sine/edge-f64
// sin on f64: 1e22 (classic argument-reduction test), f64 max, nearest double to pi.
// Exact values (mpmath) -0.852200849767188801773, 0.0049619547891840617905, 1.22464679914735317723e-16, 0.841470984807896506653, each rounded to nearest-even f64.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1.0e+22, 1.7976931348623157e+308, 3.141592653589793, 1.0]> : tensor<4xf64>
    %result = stablehlo.sine %operand : tensor<4xf64>
    check.expect_eq_const %result, dense<[-0.8522008497671888, 0.004961954789184062, 1.2246467991473532e-16, 0.8414709848078965]> : tensor<4xf64>
    func.return
  }
}
