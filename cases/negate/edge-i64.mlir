// Case: spec/negate/edge-i64
// si64 extremes.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[9223372036854775807, -9223372036854775808]> : tensor<2xi64>
    %result = stablehlo.negate %operand : tensor<2xi64>
    check.expect_eq_const %result, dense<[-9223372036854775807, -9223372036854775808]> : tensor<2xi64>
    func.return
  }
}
