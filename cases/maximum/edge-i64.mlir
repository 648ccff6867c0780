// Case: spec/maximum/edge-i64
// si64 / extremes.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[-9223372036854775808, 9223372036854775807]> : tensor<2xi64>
    %rhs = stablehlo.constant dense<[9223372036854775807, -1]> : tensor<2xi64>
    %result = stablehlo.maximum %lhs, %rhs : tensor<2xi64>
    check.expect_eq_const %result, dense<[9223372036854775807, 9223372036854775807]> : tensor<2xi64>
    func.return
  }
}
