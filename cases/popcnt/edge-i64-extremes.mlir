// Case: spec/popcnt/edge-i64-extremes
// popcnt on si64 extremes: -1 -> 64, INT_MIN -> 1, INT_MAX -> 63.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[-1, -9223372036854775808, 9223372036854775807]> : tensor<3xi64>
    %result = stablehlo.popcnt %operand : tensor<3xi64>
    check.expect_eq_const %result, dense<[64, 1, 63]> : tensor<3xi64>
    func.return
  }
}
