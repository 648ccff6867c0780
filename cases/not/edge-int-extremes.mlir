// Case: spec/not/edge-int-extremes
// Bitwise NOT on si8: ~-128 = 127, ~0 = -1, ~-1 = 0.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[-128, 127, 0, -1]> : tensor<4xi8>
    %result = stablehlo.not %operand : tensor<4xi8>
    check.expect_eq_const %result, dense<[127, -128, -1, 0]> : tensor<4xi8>
    func.return
  }
}
