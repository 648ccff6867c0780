// Case: spec/not/edge-ui64
// Bitwise NOT on ui64.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0, 18446744073709551615, 1]> : tensor<3xui64>
    %result = stablehlo.not %operand : tensor<3xui64>
    check.expect_eq_const %result, dense<[18446744073709551615, 0, 18446744073709551614]> : tensor<3xui64>
    func.return
  }
}
