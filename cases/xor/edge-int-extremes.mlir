// Case: spec/xor/edge-int-extremes
// Bitwise XOR on si8 extremes: -128 ^ 127 = -1, -1 ^ -1 = 0.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[-128, -1, 85]> : tensor<3xi8>
    %rhs = stablehlo.constant dense<[127, -1, -1]> : tensor<3xi8>
    %result = stablehlo.xor %lhs, %rhs : tensor<3xi8>
    check.expect_eq_const %result, dense<[-1, 0, -86]> : tensor<3xi8>
    func.return
  }
}
