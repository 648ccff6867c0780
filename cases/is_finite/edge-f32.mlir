// Case: spec/is_finite/edge-f32
// is_finite on f32: subnormal and max are finite; a NaN with payload and -NaN are not.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0x00000001, 3.4028235e+38, 0x7F800001, 0xFFC00000, 0xFF800000]> : tensor<5xf32>
    %result = stablehlo.is_finite %operand : (tensor<5xf32>) -> tensor<5xi1>
    check.expect_eq_const %result, dense<[true, true, false, false, false]> : tensor<5xi1>
    func.return
  }
}
