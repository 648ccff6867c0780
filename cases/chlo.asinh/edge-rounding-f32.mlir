// Case: spec/chlo.asinh/edge-rounding-f32
// asinh of f32 arguments, correctly rounded.
// Exact values (mpmath) 0.481211825059603447498, -1.81844645923206682348, 69.7706999854287819366, 9.99999993922529012411e-9, each rounded to nearest-even f32.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.5, -3.0, 1.0e30, 1.0e-8]> : tensor<4xf32>
    %result = chlo.asinh %operand : tensor<4xf32> -> tensor<4xf32>
    check.expect_eq_const %result, dense<[0.4812118, -1.8184465, 69.7707, 1.0e-08]> : tensor<4xf32>
    func.return
  }
}
