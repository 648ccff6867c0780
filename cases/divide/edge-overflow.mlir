// Case: spec/divide/edge-overflow
// Overflow and underflow of f32 quotients: max / 0.5 = inf, min normal / 4 is subnormal, min subnormal / 2 ties to +0, 1 / 3 rounded.
// Exact values (mpmath) 0.333333333333333333333, each rounded to nearest-even f32.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[3.4028235e+38, 1.1754944e-38, 0x00000001, 1.0, 0x00000003]> : tensor<5xf32>
    %rhs = stablehlo.constant dense<[0.5, 4.0, 2.0, 3.0, 2.0]> : tensor<5xf32>
    %result = stablehlo.divide %lhs, %rhs : tensor<5xf32>
    check.expect_eq_const %result, dense<[0x7F800000, 0x00200000, 0.0, 0.33333334, 0x00000002]> : tensor<5xf32>
    func.return
  }
}
