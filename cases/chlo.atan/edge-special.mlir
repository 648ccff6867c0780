// Case: spec/chlo.atan/edge-special
// atan(+-0) = +-0, atan(+-inf) = +-pi/2, NaN propagates.
// Exact values (mpmath) 1.57079632679489661923, -1.57079632679489661923, each rounded to nearest-even f32.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.0, -0.0, 0x7F800000, 0xFF800000, 0x7FC00000]> : tensor<5xf32>
    %result = chlo.atan %operand : tensor<5xf32> -> tensor<5xf32>
    check.expect_eq_const %result, dense<[0.0, -0.0, 1.5707964, -1.5707964, 0x7FC00000]> : tensor<5xf32>
    func.return
  }
}
