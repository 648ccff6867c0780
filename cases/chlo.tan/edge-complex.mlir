// Case: spec/chlo.tan/edge-complex
// tan on complex<f64>, each part correctly rounded; tan(0 + 30i) has real part 0 and
// imaginary part tanh(30), 1 - 2e-26, which rounds to 1.
// Exact per-part values (mpmath) (0.504500702698563984, 0.312420692502588809), (0.0591685395660507305, 0.768017647286911188), (0.0, 1.0), each part rounded to nearest-even f64.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[(0.5, 0.25), (-3.0, 1.0), (0.0, 30.0)]> : tensor<3xcomplex<f64>>
    %result = chlo.tan %operand : tensor<3xcomplex<f64>> -> tensor<3xcomplex<f64>>
    check.expect_eq_const %result, dense<[(0.504500702698564, 0.3124206925025888), (0.05916853956605073, 0.7680176472869112), (0.0, 1.0)]> : tensor<3xcomplex<f64>>
    func.return
  }
}
