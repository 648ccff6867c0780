// Case: spec/shift_left/edge-zero-shift
// Shift by 0 is the identity.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[-2147483648, 123, -1]> : tensor<3xi32>
    %rhs = stablehlo.constant dense<[0, 0, 0]> : tensor<3xi32>
    %result = stablehlo.shift_left %lhs, %rhs : tensor<3xi32>
    check.expect_eq_const %result, dense<[-2147483648, 123, -1]> : tensor<3xi32>
    func.return
  }
}
