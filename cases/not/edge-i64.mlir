// Case: spec/not/edge-i64
// Bitwise NOT on si64 and ui64.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0, -9223372036854775808, 9223372036854775807]> : tensor<3xi64>
    %result = stablehlo.not %operand : tensor<3xi64>
    check.expect_eq_const %result, dense<[-1, 9223372036854775807, -9223372036854775808]> : tensor<3xi64>
    func.return
  }
}
