// Case: spec/minimum/edge-ui64
// ui64 extremes (unsigned comparison).
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[18446744073709551615, 0]> : tensor<2xui64>
    %rhs = stablehlo.constant dense<[9223372036854775808, 18446744073709551615]> : tensor<2xui64>
    %result = stablehlo.minimum %lhs, %rhs : tensor<2xui64>
    check.expect_eq_const %result, dense<[9223372036854775808, 0]> : tensor<2xui64>
    func.return
  }
}
