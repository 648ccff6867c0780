// Case: spec/sine/example-1
// From the spec's `sine` example (f32, inputs as written: [0, ~pi/2, ~pi, ~3pi/2]); the spec prints the results
// rounded for display ([[0, 1], [0, -1]]); here they are sin of the f32 inputs, correctly rounded.
// Exact values (mpmath) 0.999999999999999044657, -8.74227800037247452584e-8, -0.999999999999999928899, each rounded to nearest-even f32.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[0.0, 1.57079632], [3.14159265, 4.71238898]]> : tensor<2x2xf32>
    %result = stablehlo.sine %operand : tensor<2x2xf32>
    check.expect_eq_const %result, dense<[[0.0, 1.0], [-8.742278e-08, -1.0]]> : tensor<2x2xf32>
    func.return
  }
}
