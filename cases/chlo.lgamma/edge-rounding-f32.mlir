// Case: spec/chlo.lgamma/edge-rounding-f32
// lgamma = log|Gamma(x)| (C lgamma), also where Gamma(x) < 0 (-2.5).
// Exact values (mpmath) 0.572364942924700087072, 0.693147180559945309417, -0.0562437164976740506726, 6.80775538292635127903e+31, each rounded to nearest-even f32.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.5, 3.0, -2.5, 1.0e30]> : tensor<4xf32>
    %result = chlo.lgamma %operand : tensor<4xf32> -> tensor<4xf32>
    check.expect_eq_const %result, dense<[0.5723649, 0.6931472, -0.056243718, 6.8077553e+31]> : tensor<4xf32>
    func.return
  }
}
