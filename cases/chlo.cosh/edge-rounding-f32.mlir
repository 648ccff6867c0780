// Case: spec/chlo.cosh/edge-rounding-f32
// cosh of f32 arguments, correctly rounded.
// Exact values (mpmath) 1.12762596520638078523, 10.067661995777765842, 8.25818127497000927764e+37, 1.00000000499999975155, each rounded to nearest-even f32.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.5, -3.0, 88.0, 1.0e-4]> : tensor<4xf32>
    %result = chlo.cosh %operand : tensor<4xf32> -> tensor<4xf32>
    check.expect_eq_const %result, dense<[1.127626, 10.067662, 8.2581813e+37, 1.0]> : tensor<4xf32>
    func.return
  }
}
