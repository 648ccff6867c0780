// Case: spec/count_leading_zeros/edge-i32
// clz on si32 extremes.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0, -2147483648, 2147483647, 65536]> : tensor<4xi32>
    %result = stablehlo.count_leading_zeros %operand : tensor<4xi32>
    check.expect_eq_const %result, dense<[32, 0, 1, 15]> : tensor<4xi32>
    func.return
  }
}
