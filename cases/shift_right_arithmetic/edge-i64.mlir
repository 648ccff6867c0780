// Case: spec/shift_right_arithmetic/edge-i64
// si64 arithmetic shifts.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[-9223372036854775808, 9223372036854775807]> : tensor<2xi64>
    %rhs = stablehlo.constant dense<[63, 62]> : tensor<2xi64>
    %result = stablehlo.shift_right_arithmetic %lhs, %rhs : tensor<2xi64>
    check.expect_eq_const %result, dense<[-1, 1]> : tensor<2xi64>
    func.return
  }
}
