// Case: spec/sqrt/edge-subnormal
// sqrt of f32 subnormals gives normal results (sqrt(2^-149) = 2^-74.5, sqrt(2^-148) = 2^-74).
// Exact values (mpmath) 3.74339213057464375351e-23, 5.29395592033937711918e-23, 9.38946624210724574122e-20, each rounded to nearest-even f32.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0x00000001, 0x00000002, 0x00600000]> : tensor<3xf32>
    %result = stablehlo.sqrt %operand : tensor<3xf32>
    check.expect_eq_const %result, dense<[3.743392e-23, 5.293956e-23, 9.389466e-20]> : tensor<3xf32>
    func.return
  }
}
