// Case: spec/rsqrt/example-1
// From the spec's `rsqrt` example (f32); the spec prints 1/3 as 0.33333343 for display,
// here it is the correctly rounded f32 value.
// Exact values (mpmath) 0.333333333333333333333, 0.2, each rounded to nearest-even f32.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[1.0, 4.0], [9.0, 25.0]]> : tensor<2x2xf32>
    %result = stablehlo.rsqrt %operand : tensor<2x2xf32>
    check.expect_eq_const %result, dense<[[1.0, 0.5], [0.33333334, 0.2]]> : tensor<2x2xf32>
    func.return
  }
}
