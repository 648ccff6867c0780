// Case: spec/or/edge-int-extremes
// Bitwise OR on si8 extremes: -128 | 127 = -1.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[-128, 0, 85]> : tensor<3xi8>
    %rhs = stablehlo.constant dense<[127, -128, -86]> : tensor<3xi8>
    %result = stablehlo.or %lhs, %rhs : tensor<3xi8>
    check.expect_eq_const %result, dense<[-1, -128, -1]> : tensor<3xi8>
    func.return
  }
}
