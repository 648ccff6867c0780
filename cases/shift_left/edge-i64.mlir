// Case: spec/shift_left/edge-i64
// si64 shifts up to 63.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[1, 1, 5]> : tensor<3xi64>
    %rhs = stablehlo.constant dense<[63, 62, 61]> : tensor<3xi64>
    %result = stablehlo.shift_left %lhs, %rhs : tensor<3xi64>
    check.expect_eq_const %result, dense<[-9223372036854775808, 4611686018427387904, -6917529027641081856]> : tensor<3xi64>
    func.return
  }
}
