// Case: spec/popcnt/example-1
// From the spec's `popcnt` example (si64).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0, 1, 2, 127]> : tensor<4xi64>
    %result = stablehlo.popcnt %operand : tensor<4xi64>
    check.expect_eq_const %result, dense<[0, 1, 1, 7]> : tensor<4xi64>
    func.return
  }
}
