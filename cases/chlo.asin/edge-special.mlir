// Case: spec/chlo.asin/edge-special
// asin(+-0) = +-0, asin(+-1) = +-pi/2, asin outside [-1, 1] is NaN.
// Exact values (mpmath) 1.57079632679489661923, -1.57079632679489661923, each rounded to nearest-even f32.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.0, -0.0, 1.0, -1.0, 1.5, 0x7FC00000]> : tensor<6xf32>
    %result = chlo.asin %operand : tensor<6xf32> -> tensor<6xf32>
    check.expect_eq_const %result, dense<[0.0, -0.0, 1.5707964, -1.5707964, 0x7FC00000, 0x7FC00000]> : tensor<6xf32>
    func.return
  }
}
