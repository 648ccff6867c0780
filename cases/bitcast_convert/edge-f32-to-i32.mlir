// Case: spec/bitcast_convert/edge-f32-to-i32
// Same-width bitcast exposes IEEE-754 encodings: 1.0 -> 0x3F800000, -0.0 -> 0x80000000, +inf -> 0x7F800000, min subnormal -> 1.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1.0, -0.0, 0x7F800000, 0x00000001]> : tensor<4xf32>
    %result = stablehlo.bitcast_convert %operand : (tensor<4xf32>) -> tensor<4xi32>
    check.expect_eq_const %result, dense<[1065353216, -2147483648, 2139095040, 1]> : tensor<4xi32>
    func.return
  }
}
