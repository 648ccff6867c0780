// Case: spec/constant/edge-special-floats
// f32 constants: -0.0, +-inf, NaN, min subnormal, max, min normal.
module {
  func.func @main() {
    %c = stablehlo.constant dense<[-0.0, 0x7F800000, 0xFF800000, 0x7FC00000, 0x00000001, 3.4028235e+38, 1.1754944e-38]> : tensor<7xf32>
    check.expect_eq_const %c, dense<[-0.0, 0x7F800000, 0xFF800000, 0x7FC00000, 0x00000001, 3.4028235e+38, 1.1754944e-38]> : tensor<7xf32>
    func.return
  }
}
