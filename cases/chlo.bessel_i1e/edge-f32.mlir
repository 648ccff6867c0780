// Case: spec/chlo.bessel_i1e/edge-f32
// bessel_i1e on f32; i1e(+-0) = +-0, i1e(+-inf) = +-0.
// Exact values (mpmath) 0.215269289248937659159, -0.0875062221832886653563, each rounded to nearest-even f32.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[2.0, -20.0, -0.0, 0x7F800000, 0xFF800000]> : tensor<5xf32>
    %result = chlo.bessel_i1e %operand : tensor<5xf32> -> tensor<5xf32>
    check.expect_eq_const %result, dense<[0.21526928, -0.08750622, -0.0, 0.0, -0.0]> : tensor<5xf32>
    func.return
  }
}
