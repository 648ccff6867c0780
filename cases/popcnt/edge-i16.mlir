// Case: spec/popcnt/edge-i16
// popcnt on si16.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[-32768, -1, 21845]> : tensor<3xi16>
    %result = stablehlo.popcnt %operand : tensor<3xi16>
    check.expect_eq_const %result, dense<[1, 16, 8]> : tensor<3xi16>
    func.return
  }
}
