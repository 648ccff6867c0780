// Case: spec/and/edge-int-extremes
// Bitwise AND on si8 extremes: -128 & 127 = 0, -1 & x = x.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[-128, -1, -1, 85]> : tensor<4xi8>
    %rhs = stablehlo.constant dense<[127, -128, 42, -86]> : tensor<4xi8>
    %result = stablehlo.and %lhs, %rhs : tensor<4xi8>
    check.expect_eq_const %result, dense<[0, -128, 42, 0]> : tensor<4xi8>
    func.return
  }
}
