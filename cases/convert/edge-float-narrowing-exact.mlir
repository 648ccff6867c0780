// Case: spec/convert/edge-float-narrowing-exact
// f64 -> f32 of exactly representable values: -0, +-inf, 0.5, f32 max, f32 min subnormal.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[-0.0, 0xFFF0000000000000, 0.5, 3.4028234663852886e+38, 1.401298464324817e-45]> : tensor<5xf64>
    %result = stablehlo.convert %operand : (tensor<5xf64>) -> tensor<5xf32>
    check.expect_eq_const %result, dense<[-0.0, 0xFF800000, 0.5, 3.4028235e+38, 0x00000001]> : tensor<5xf32>
    func.return
  }
}
