// Case: spec/chlo.atanh/edge-rounding-f32
// atanh of f32 arguments, correctly rounded.
// Exact values (mpmath) 0.549306144334054845698, -0.309519617303033695614, 8.31776613691702043713, 9.99999993922529062411e-9, each rounded to nearest-even f32.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.5, -0.3, 0.9999999, 1.0e-8]> : tensor<4xf32>
    %result = chlo.atanh %operand : tensor<4xf32> -> tensor<4xf32>
    check.expect_eq_const %result, dense<[0.54930615, -0.30951962, 8.317766, 1.0e-08]> : tensor<4xf32>
    func.return
  }
}
