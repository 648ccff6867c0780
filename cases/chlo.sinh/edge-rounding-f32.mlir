// Case: spec/chlo.sinh/edge-rounding-f32
// sinh of f32 arguments, correctly rounded.
// Exact values (mpmath) 0.521095305493747361622, -10.017874927409901899, 8.25818127497000927764e+37, 9.99999993922529045745e-9, each rounded to nearest-even f32.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.5, -3.0, 88.0, 1.0e-8]> : tensor<4xf32>
    %result = chlo.sinh %operand : tensor<4xf32> -> tensor<4xf32>
    check.expect_eq_const %result, dense<[0.5210953, -10.017875, 8.2581813e+37, 1.0e-08]> : tensor<4xf32>
    func.return
  }
}
