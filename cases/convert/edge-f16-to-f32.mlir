// Case: spec/convert/edge-f16-to-f32
// f16 -> f32 is exact, including f16 subnormals and max.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0x0001, 65504.0, -0.0, 0xFC00]> : tensor<4xf16>
    %result = stablehlo.convert %operand : (tensor<4xf16>) -> tensor<4xf32>
    check.expect_eq_const %result, dense<[5.9604645e-08, 65504.0, -0.0, 0xFF800000]> : tensor<4xf32>
    func.return
  }
}
