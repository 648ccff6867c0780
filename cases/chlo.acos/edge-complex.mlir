// Case: spec/chlo.acos/edge-complex
// acos on complex<f64>; acos(2 +- 0i) = 0 -+ i acosh(2) on the cut (C Annex G).
// Exact per-part values (mpmath) (1.06918747351939586, -0.281396056245292769), (2.80389154432424071, -1.82419870219388273), each part rounded to nearest-even f64.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[(0.5, 0.25), (-3.0, 1.0), (2.0, 0.0), (2.0, -0.0)]> : tensor<4xcomplex<f64>>
    %result = chlo.acos %operand : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
    check.expect_eq_const %result, dense<[(1.0691874735193958, -0.2813960562452928), (2.803891544324241, -1.8241987021938828), (0.0, -1.3169578969248168), (0.0, 1.3169578969248168)]> : tensor<4xcomplex<f64>>
    func.return
  }
}
