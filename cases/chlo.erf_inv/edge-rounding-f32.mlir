// Case: spec/chlo.erf_inv/edge-rounding-f32
// erf_inv of f32 arguments, correctly rounded (docs/design/chlo.md: Newton on erf with an enclosure).
// Exact values (mpmath) 0.476936276204469873381, -0.225312055012178104725, 2.32675632679615475016, 8.8622692826305170166e-31, each rounded to nearest-even f32.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.5, -0.25, 0.999, 1.0e-30]> : tensor<4xf32>
    %result = chlo.erf_inv %operand : tensor<4xf32> -> tensor<4xf32>
    check.expect_eq_const %result, dense<[0.47693628, -0.22531205, 2.3267562, 8.862269e-31]> : tensor<4xf32>
    func.return
  }
}
