// Case: spec/multiply/edge-i32-wrap
// si32 wrap-around: 65536 * 65536 = 0, 65536 * 32768 = INT_MIN.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[65536, 65536, -2147483648]> : tensor<3xi32>
    %rhs = stablehlo.constant dense<[65536, 32768, 1]> : tensor<3xi32>
    %result = stablehlo.multiply %lhs, %rhs : tensor<3xi32>
    check.expect_eq_const %result, dense<[0, -2147483648, -2147483648]> : tensor<3xi32>
    func.return
  }
}
