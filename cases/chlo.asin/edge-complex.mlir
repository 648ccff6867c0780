// Case: spec/chlo.asin/edge-complex
// asin on complex<f64>; on the cut (real axis beyond 1) the sign of the zero imaginary part
// picks the side: asin(2 +- 0i) = pi/2 +- i acosh(2) (C Annex G).
// Exact per-part values (mpmath) (0.501608853275500763, 0.281396056245292769), (-1.23309521752934409, 1.82419870219388273), each part rounded to nearest-even f64.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[(0.5, 0.25), (-3.0, 1.0), (2.0, 0.0), (2.0, -0.0)]> : tensor<4xcomplex<f64>>
    %result = chlo.asin %operand : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
    check.expect_eq_const %result, dense<[(0.5016088532755008, 0.2813960562452928), (-1.2330952175293441, 1.8241987021938828), (1.5707963267948966, 1.3169578969248168), (1.5707963267948966, -1.3169578969248168)]> : tensor<4xcomplex<f64>>
    func.return
  }
}
