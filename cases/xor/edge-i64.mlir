// Case: spec/xor/edge-i64
// Bitwise XOR on si64.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[-9223372036854775808, 1]> : tensor<2xi64>
    %rhs = stablehlo.constant dense<[-1, -1]> : tensor<2xi64>
    %result = stablehlo.xor %lhs, %rhs : tensor<2xi64>
    check.expect_eq_const %result, dense<[9223372036854775807, -2]> : tensor<2xi64>
    func.return
  }
}
