// Case: spec/and/edge-i64
// Bitwise AND on si64.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[-9223372036854775808, -1, 6148914691236517205]> : tensor<3xi64>
    %rhs = stablehlo.constant dense<[-1, 9223372036854775807, -6148914691236517206]> : tensor<3xi64>
    %result = stablehlo.and %lhs, %rhs : tensor<3xi64>
    check.expect_eq_const %result, dense<[-9223372036854775808, 9223372036854775807, 0]> : tensor<3xi64>
    func.return
  }
}
