// Case: spec/count_leading_zeros/edge-unsigned
// clz on ui16 and ui64-like patterns.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0, 65535, 1, 256]> : tensor<4xui16>
    %result = stablehlo.count_leading_zeros %operand : tensor<4xui16>
    check.expect_eq_const %result, dense<[16, 0, 15, 7]> : tensor<4xui16>
    func.return
  }
}
