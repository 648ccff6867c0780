// Case: spec/shift_left/edge-max-shift
// Largest valid shift amount (width - 1) for si32 and the result in the sign bit.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[1, 3, -1]> : tensor<3xi32>
    %rhs = stablehlo.constant dense<[31, 30, 31]> : tensor<3xi32>
    %result = stablehlo.shift_left %lhs, %rhs : tensor<3xi32>
    check.expect_eq_const %result, dense<[-2147483648, -1073741824, -2147483648]> : tensor<3xi32>
    func.return
  }
}
