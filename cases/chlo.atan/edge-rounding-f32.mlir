// Case: spec/chlo.atan/edge-rounding-f32
// atan of f32 arguments, correctly rounded.
// Exact values (mpmath) 0.463647609000806116214, -1.24904577239825442583, 1.57079632669489661923, 9.99999993922528995745e-9, each rounded to nearest-even f32.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.5, -3.0, 1.0e10, 1.0e-8]> : tensor<4xf32>
    %result = chlo.atan %operand : tensor<4xf32> -> tensor<4xf32>
    check.expect_eq_const %result, dense<[0.4636476, -1.2490457, 1.5707964, 1.0e-08]> : tensor<4xf32>
    func.return
  }
}
