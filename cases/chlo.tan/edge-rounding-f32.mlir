// Case: spec/chlo.tan/edge-rounding-f32
// tan of f32 arguments, correctly rounded.
// Exact values (mpmath) 0.546302489843790513255, 0.142546543074277805296, -22877332.4288564598739, -0.558349637811241846562, each rounded to nearest-even f32.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.5, -3.0, 1.5707964, 1.0e10]> : tensor<4xf32>
    %result = chlo.tan %operand : tensor<4xf32> -> tensor<4xf32>
    check.expect_eq_const %result, dense<[0.5463025, 0.14254655, -22877332.0, -0.5583496]> : tensor<4xf32>
    func.return
  }
}
