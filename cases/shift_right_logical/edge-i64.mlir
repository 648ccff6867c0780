// Case: spec/shift_right_logical/edge-i64
// si64 logical shifts.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[-9223372036854775808, -1]> : tensor<2xi64>
    %rhs = stablehlo.constant dense<[63, 32]> : tensor<2xi64>
    %result = stablehlo.shift_right_logical %lhs, %rhs : tensor<2xi64>
    check.expect_eq_const %result, dense<[1, 4294967295]> : tensor<2xi64>
    func.return
  }
}
