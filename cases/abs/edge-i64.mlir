// Case: spec/abs/edge-i64
// Integer modulus on si64 extremes (without INT_MIN).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[-9223372036854775807, 9223372036854775807, -5]> : tensor<3xi64>
    %result = stablehlo.abs %operand : tensor<3xi64>
    check.expect_eq_const %result, dense<[9223372036854775807, 9223372036854775807, 5]> : tensor<3xi64>
    func.return
  }
}
