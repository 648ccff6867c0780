// Case: spec/shift_right_logical/edge-max-shift
// Largest valid shift (width - 1) on si32.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[-1, -2147483648, 2147483647]> : tensor<3xi32>
    %rhs = stablehlo.constant dense<[31, 31, 31]> : tensor<3xi32>
    %result = stablehlo.shift_right_logical %lhs, %rhs : tensor<3xi32>
    check.expect_eq_const %result, dense<[1, 1, 0]> : tensor<3xi32>
    func.return
  }
}
