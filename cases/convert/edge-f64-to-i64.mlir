// Case: spec/convert/edge-f64-to-i64
// f64 -> si64 of large exactly representable values.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[9007199254740992.0, -9.223372036854776e+18, 1099511627776.5]> : tensor<3xf64>
    %result = stablehlo.convert %operand : (tensor<3xf64>) -> tensor<3xi64>
    check.expect_eq_const %result, dense<[9007199254740992, -9223372036854775808, 1099511627776]> : tensor<3xi64>
    func.return
  }
}
