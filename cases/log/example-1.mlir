// Case: spec/log/example-1
// From the spec's `log` example (f64).
// Exact values (mpmath) 0.693147180559945309417, 1.0986122886681096914, 1.38629436111989061883, each rounded to nearest-even f64.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf64>
    %result = stablehlo.log %operand : tensor<2x2xf64>
    check.expect_eq_const %result, dense<[[0.0, 0.6931471805599453], [1.0986122886681098, 1.3862943611198906]]> : tensor<2x2xf64>
    func.return
  }
}
