// Case: spec/convert/edge-bf16-to-f32
// bf16 -> f32 is exact (bf16 is the top half of f32).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[3.39e+38, 0.1, -0.0, 0x7F80]> : tensor<4xbf16>
    %result = stablehlo.convert %operand : (tensor<4xbf16>) -> tensor<4xf32>
    check.expect_eq_const %result, dense<[3.3895314e+38, 0.100097656, -0.0, 0x7F800000]> : tensor<4xf32>
    func.return
  }
}
