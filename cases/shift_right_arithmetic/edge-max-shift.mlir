// Case: spec/shift_right_arithmetic/edge-max-shift
// Largest valid shift (width - 1) on si32: negative -> -1, non-negative -> 0.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[-2147483648, 2147483647, -1]> : tensor<3xi32>
    %rhs = stablehlo.constant dense<[31, 31, 31]> : tensor<3xi32>
    %result = stablehlo.shift_right_arithmetic %lhs, %rhs : tensor<3xi32>
    check.expect_eq_const %result, dense<[-1, 0, -1]> : tensor<3xi32>
    func.return
  }
}
