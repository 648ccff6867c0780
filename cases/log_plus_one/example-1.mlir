// Case: spec/log_plus_one/example-1
// From the spec's `log_plus_one` example (f64); the spec prints results with 9 digits for display,
// here they are the correctly rounded f64 values of log1p of the f64 inputs as written.
// Exact values (mpmath) -6.90775527898213616388, 2.07944154167983592825, 2.00000001503160175417, 2.77258872223978123767, each rounded to nearest-even f64.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.0, -0.999, 7.0, 6.38905621, 15.0]> : tensor<5xf64>
    %result = stablehlo.log_plus_one %operand : tensor<5xf64>
    check.expect_eq_const %result, dense<[0.0, -6.907755278982136, 2.0794415416798357, 2.0000000150316017, 2.772588722239781]> : tensor<5xf64>
    func.return
  }
}
