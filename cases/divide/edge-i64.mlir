// Case: spec/divide/edge-i64
// si64 division.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[9223372036854775807, -9223372036854775808, -9]> : tensor<3xi64>
    %rhs = stablehlo.constant dense<[2, 2, 4]> : tensor<3xi64>
    %result = stablehlo.divide %lhs, %rhs : tensor<3xi64>
    check.expect_eq_const %result, dense<[4611686018427387903, -4611686018427387904, -2]> : tensor<3xi64>
    func.return
  }
}
