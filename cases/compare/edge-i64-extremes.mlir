// Case: spec/compare/edge-i64-extremes
// SIGNED comparison at si64 extremes.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[-9223372036854775808, 9223372036854775807]> : tensor<2xi64>
    %rhs = stablehlo.constant dense<[9223372036854775807, -9223372036854775808]> : tensor<2xi64>
    %r0 = stablehlo.compare LT, %lhs, %rhs, SIGNED : (tensor<2xi64>, tensor<2xi64>) -> tensor<2xi1>
    check.expect_eq_const %r0, dense<[true, false]> : tensor<2xi1>
    %r1 = stablehlo.compare GT, %lhs, %rhs, SIGNED : (tensor<2xi64>, tensor<2xi64>) -> tensor<2xi1>
    check.expect_eq_const %r1, dense<[false, true]> : tensor<2xi1>
    func.return
  }
}
