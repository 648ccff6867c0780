// Case: spec/bitcast_convert/edge-ui32-to-f32
// ui32 -> f32: 0x3FC00000 -> 1.5, 0xBF800000 -> -1.0.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1069547520, 3212836864]> : tensor<2xui32>
    %result = stablehlo.bitcast_convert %operand : (tensor<2xui32>) -> tensor<2xf32>
    check.expect_eq_const %result, dense<[1.5, -1.0]> : tensor<2xf32>
    func.return
  }
}
