// Case: spec/convert/edge-f32-to-f16-exact
// f32 -> f16 of values exactly representable in f16 (max, subnormal, -0).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[65504.0, 5.9604645e-08, -0.0, 0xFF800000]> : tensor<4xf32>
    %result = stablehlo.convert %operand : (tensor<4xf32>) -> tensor<4xf16>
    check.expect_eq_const %result, dense<[65504.0, 0x0001, -0.0, 0xFC00]> : tensor<4xf16>
    func.return
  }
}
