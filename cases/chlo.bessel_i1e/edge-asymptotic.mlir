// Case: spec/chlo.bessel_i1e/edge-asymptotic
// bessel_i1e beyond x = 4096, where the reference sums the asymptotic expansion
// 1/sqrt(2 pi x) (1 - 3/(8x) - 15/(128x^2) - ...) with its remainder bound (docs/design/chlo.md).
// Exact values (mpmath) 0.00623252207452919074409, -0.00564147266683888590363, 0.00155873995957789518063, 0.000398942130798030776313, 3.98942280401432677938e-11, 2.97544745931589947252e-155, each rounded to nearest-even f64.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[4096.5, -5000.0, 65504.0, 1.0e6, 1.0e20, 1.7976931348623157e308]> : tensor<6xf64>
    %result = chlo.bessel_i1e %operand : tensor<6xf64> -> tensor<6xf64>
    check.expect_eq_const %result, dense<[0.006232522074529191, -0.005641472666838886, 0.0015587399595778952, 0.0003989421307980308, 3.989422804014327e-11, 2.9754474593158995e-155]> : tensor<6xf64>
    func.return
  }
}
