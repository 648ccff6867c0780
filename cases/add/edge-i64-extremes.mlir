// Case: spec/add/edge-i64-extremes
// si64 extremes and wrap-around.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[9223372036854775807, -9223372036854775808, 4611686018427387904]> : tensor<3xi64>
    %rhs = stablehlo.constant dense<[1, 9223372036854775807, 4611686018427387904]> : tensor<3xi64>
    %result = stablehlo.add %lhs, %rhs : tensor<3xi64>
    check.expect_eq_const %result, dense<[-9223372036854775808, -1, -9223372036854775808]> : tensor<3xi64>
    func.return
  }
}
