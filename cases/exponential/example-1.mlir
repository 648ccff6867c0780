// Case: spec/exponential/example-1
// From the spec's `exponential` example (f64).
// Exact values (mpmath) 2.71828182845904523536, 7.38905609893065022723, 20.0855369231876677409, each rounded to nearest-even f64.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[0.0, 1.0], [2.0, 3.0]]> : tensor<2x2xf64>
    %result = stablehlo.exponential %operand : tensor<2x2xf64>
    check.expect_eq_const %result, dense<[[1.0, 2.718281828459045], [7.38905609893065, 20.085536923187668]]> : tensor<2x2xf64>
    func.return
  }
}
