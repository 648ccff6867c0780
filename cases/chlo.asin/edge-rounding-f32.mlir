// Case: spec/chlo.asin/edge-rounding-f32
// asin of f32 arguments, correctly rounded.
// Exact values (mpmath) 0.523598775598298873077, -0.304692666511926595775, 1.52607152758396876745, 9.99999993922529045745e-9, each rounded to nearest-even f32.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.5, -0.3, 0.999, 1.0e-8]> : tensor<4xf32>
    %result = chlo.asin %operand : tensor<4xf32> -> tensor<4xf32>
    check.expect_eq_const %result, dense<[0.5235988, -0.30469266, 1.5260715, 1.0e-08]> : tensor<4xf32>
    func.return
  }
}
