// Case: spec/shift_right_arithmetic/edge-zero-shift
// Shift by 0 is the identity.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[-2147483648, 5]> : tensor<2xi32>
    %rhs = stablehlo.constant dense<[0, 0]> : tensor<2xi32>
    %result = stablehlo.shift_right_arithmetic %lhs, %rhs : tensor<2xi32>
    check.expect_eq_const %result, dense<[-2147483648, 5]> : tensor<2xi32>
    func.return
  }
}
