// Case: spec/atan2/edge-tiny
// atan2 with extreme ratios: subnormal / 1 rounds to the subnormal; 1 / subnormal -> pi/2; subnormal / -1 -> pi.
// Exact values (mpmath) 1.40129846432481707092e-45, 1.57079632679489661923, 3.14159265358979323846, 1.57079632679489661923, each rounded to nearest-even f32.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[0x00000001, 1.0, 0x00000001, 3.4028235e+38]> : tensor<4xf32>
    %rhs = stablehlo.constant dense<[1.0, 0x00000001, -1.0, 0x00000001]> : tensor<4xf32>
    %result = stablehlo.atan2 %lhs, %rhs : tensor<4xf32>
    check.expect_eq_const %result, dense<[0x00000001, 1.5707964, 3.1415927, 1.5707964]> : tensor<4xf32>
    func.return
  }
}
