// Case: spec/chlo.asinh/edge-complex
// asinh on complex<f32>, each part correctly rounded.
// Exact per-part values (mpmath) (0.492675683420770616, 0.2243284526346675), (-1.86416154415788243, 0.30760364953071125), each part rounded to nearest-even f32.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[(0.5, 0.25), (-3.0, 1.0)]> : tensor<2xcomplex<f32>>
    %result = chlo.asinh %operand : tensor<2xcomplex<f32>> -> tensor<2xcomplex<f32>>
    check.expect_eq_const %result, dense<[(0.4926757, 0.22432846), (-1.8641615, 0.30760366)]> : tensor<2xcomplex<f32>>
    func.return
  }
}
