// Case: spec/bitcast_convert/edge-i32-to-f32
// Same-width bitcast int -> float: 0x7F800000 -> +inf, 0xFF800000 -> -inf, 0x80000000 -> -0.0, 1 -> min subnormal, 0x7F7FFFFF -> max.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[2139095040, -8388608, -2147483648, 1, 2139095039]> : tensor<5xi32>
    %result = stablehlo.bitcast_convert %operand : (tensor<5xi32>) -> tensor<5xf32>
    check.expect_eq_const %result, dense<[0x7F800000, 0xFF800000, -0.0, 0x00000001, 3.4028235e+38]> : tensor<5xf32>
    func.return
  }
}
