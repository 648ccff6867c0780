// Case: spec/popcnt/edge-unsigned
// popcnt on ui32 and ui16-sized patterns.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[4294967295, 2147483648, 305419896]> : tensor<3xui32>
    %result = stablehlo.popcnt %operand : tensor<3xui32>
    check.expect_eq_const %result, dense<[32, 1, 13]> : tensor<3xui32>
    func.return
  }
}
