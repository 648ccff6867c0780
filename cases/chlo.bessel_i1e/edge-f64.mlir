// Case: spec/chlo.bessel_i1e/edge-f64
// bessel_i1e(x) = e^-|x| I1(x), odd; the power series, correctly rounded (docs/design/chlo.md).
// Exact values (mpmath) 0.207910415349708448869, -0.156420803184871697143, 0.121262681384455518719, 0.0150678318871337853299, 0.00623290239621295326416, 5.00000000000000041668e-31, each rounded to nearest-even f64.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1.0, -0.5, 10.0, 700.25, 4096.0, 1.0e-30]> : tensor<6xf64>
    %result = chlo.bessel_i1e %operand : tensor<6xf64> -> tensor<6xf64>
    check.expect_eq_const %result, dense<[0.20791041534970844, -0.1564208031848717, 0.12126268138445552, 0.015067831887133785, 0.006232902396212953, 5.0e-31]> : tensor<6xf64>
    func.return
  }
}
