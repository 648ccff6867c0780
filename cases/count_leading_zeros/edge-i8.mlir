// Case: spec/count_leading_zeros/edge-i8
// clz on si8: 0 -> 8 (the bit width), negative -> 0, 127 -> 1, 1 -> 7.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0, -128, 127, 1, -1]> : tensor<5xi8>
    %result = stablehlo.count_leading_zeros %operand : tensor<5xi8>
    check.expect_eq_const %result, dense<[8, 0, 1, 7, 0]> : tensor<5xi8>
    func.return
  }
}
