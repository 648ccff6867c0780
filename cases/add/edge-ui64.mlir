// Case: spec/add/edge-ui64
// ui64 addition near the maximum.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[18446744073709551615, 9223372036854775808]> : tensor<2xui64>
    %rhs = stablehlo.constant dense<[1, 9223372036854775807]> : tensor<2xui64>
    %result = stablehlo.add %lhs, %rhs : tensor<2xui64>
    check.expect_eq_const %result, dense<[0, 18446744073709551615]> : tensor<2xui64>
    func.return
  }
}
