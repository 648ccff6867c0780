// Case: spec/negate/edge-int-extremes
// si8: -127 -> 127; INT_MIN wraps to itself in two's complement.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[127, -127, -128, 1]> : tensor<4xi8>
    %result = stablehlo.negate %operand : tensor<4xi8>
    check.expect_eq_const %result, dense<[-127, 127, -128, -1]> : tensor<4xi8>
    func.return
  }
}
