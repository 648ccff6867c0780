// Case: spec/popcnt/edge-negative
// popcnt counts bits of the two's-complement pattern: si8 -1 -> 8, -128 -> 1, 127 -> 7.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[-1, -128, 127, 85]> : tensor<4xi8>
    %result = stablehlo.popcnt %operand : tensor<4xi8>
    check.expect_eq_const %result, dense<[8, 1, 7, 4]> : tensor<4xi8>
    func.return
  }
}
