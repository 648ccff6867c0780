// Case: spec/divide/example-1
// From the spec's `divide` example (f32); the spec prints 5.66666651 for display,
// here it is the correctly rounded f32 quotient of the f32 inputs as written.
// Exact values (mpmath) 5.70000012715657552083, -5.70000012715657552083, -5.70000012715657552083, 5.70000012715657552083, each rounded to nearest-even f32.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[17.1, -17.1, 17.1, -17.1]> : tensor<4xf32>
    %rhs = stablehlo.constant dense<[3.0, 3.0, -3.0, -3.0]> : tensor<4xf32>
    %result = stablehlo.divide %lhs, %rhs : tensor<4xf32>
    check.expect_eq_const %result, dense<[5.7000003, -5.7000003, -5.7000003, 5.7000003]> : tensor<4xf32>
    func.return
  }
}
