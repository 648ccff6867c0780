// Case: spec/tan/edge-f64-large
// tan on large f64 arguments (1e22, f64 max).
// Exact values (mpmath) -1.62877822560689887855, -0.0049620158744448949005, each rounded to nearest-even f64.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1.0e+22, 1.7976931348623157e+308]> : tensor<2xf64>
    %result = stablehlo.tan %operand : tensor<2xf64>
    check.expect_eq_const %result, dense<[-1.6287782256068988, -0.004962015874444895]> : tensor<2xf64>
    func.return
  }
}
