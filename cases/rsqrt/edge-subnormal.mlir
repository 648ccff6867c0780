// Case: spec/rsqrt/edge-subnormal
// rsqrt of f32 subnormals: 1/sqrt(2^-149) = 2^74.5; rsqrt(f32 max) is a normal number.
// Exact values (mpmath) 2.67137389062815379709e+22, 1.88894659314785808548e+22, 5.42101102398624278154e-20, each rounded to nearest-even f32.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0x00000001, 0x00000002, 3.4028235e+38]> : tensor<3xf32>
    %result = stablehlo.rsqrt %operand : tensor<3xf32>
    check.expect_eq_const %result, dense<[2.6713738e+22, 1.8889466e+22, 5.421011e-20]> : tensor<3xf32>
    func.return
  }
}
