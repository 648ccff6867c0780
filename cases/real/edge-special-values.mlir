// Case: spec/real/edge-special-values
// real extracts the real part bit-exactly: -0.0, inf, NaN, subnormal.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[(-0.0, 1.0), (0xFF800000, 0x7FC00000), (0x7FC00000, 0.0), (0x00000001, 0x7F800000)]> : tensor<4xcomplex<f32>>
    %result = stablehlo.real %operand : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
    check.expect_eq_const %result, dense<[-0.0, 0xFF800000, 0x7FC00000, 0x00000001]> : tensor<4xf32>
    func.return
  }
}
