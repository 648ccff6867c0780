// Case: spec/exponential_minus_one/example-1
// From the spec's `exponential_minus_one` example (f64); the spec prints e-1 as 1.71828187 for display,
// here it is the correctly rounded f64 value.
// Exact values (mpmath) 1.71828182845904523536, each rounded to nearest-even f64.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.0, 1.0]> : tensor<2xf64>
    %result = stablehlo.exponential_minus_one %operand : tensor<2xf64>
    check.expect_eq_const %result, dense<[0.0, 1.7182818284590453]> : tensor<2xf64>
    func.return
  }
}
