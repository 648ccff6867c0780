// Case: spec/cosine/example-1
// From the spec's `cosine` example (f32, inputs as written: [0, ~pi/2, ~pi, ~3pi/2]); the spec prints the results
// rounded for display ([[1, 0], [-1, 0]]); here they are cos of the f32 inputs, correctly rounded.
// Exact values (mpmath) -4.37113900018624143886e-8, -0.999999999999996178629, 1.19248804548060346425e-8, each rounded to nearest-even f32.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[0.0, 1.57079632], [3.14159265, 4.71238898]]> : tensor<2x2xf32>
    %result = stablehlo.cosine %operand : tensor<2x2xf32>
    check.expect_eq_const %result, dense<[[1.0, -4.371139e-08], [-1.0, 1.1924881e-08]]> : tensor<2x2xf32>
    func.return
  }
}
