// Case: spec/count_leading_zeros/edge-ui64
// clz on ui64.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0, 18446744073709551615, 1, 4294967296]> : tensor<4xui64>
    %result = stablehlo.count_leading_zeros %operand : tensor<4xui64>
    check.expect_eq_const %result, dense<[64, 0, 63, 31]> : tensor<4xui64>
    func.return
  }
}
