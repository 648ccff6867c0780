// Case: spec/chlo.acosh/edge-complex
// acosh on complex<f64>, each part correctly rounded.
// Exact per-part values (mpmath) (0.281396056245292769, 1.06918747351939586), (1.82419870219388273, 2.80389154432424071), each part rounded to nearest-even f64.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[(0.5, 0.25), (-3.0, 1.0)]> : tensor<2xcomplex<f64>>
    %result = chlo.acosh %operand : tensor<2xcomplex<f64>> -> tensor<2xcomplex<f64>>
    check.expect_eq_const %result, dense<[(0.2813960562452928, 1.0691874735193958), (1.8241987021938828, 2.803891544324241)]> : tensor<2xcomplex<f64>>
    func.return
  }
}
