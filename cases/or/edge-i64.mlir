// Case: spec/or/edge-i64
// Bitwise OR on si64.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[-9223372036854775808, 6148914691236517205]> : tensor<2xi64>
    %rhs = stablehlo.constant dense<[9223372036854775807, -6148914691236517206]> : tensor<2xi64>
    %result = stablehlo.or %lhs, %rhs : tensor<2xi64>
    check.expect_eq_const %result, dense<[-1, -1]> : tensor<2xi64>
    func.return
  }
}
