// Case: spec/convert/edge-ui64-to-f64
// ui64 -> f64 of exactly representable values, including 2^63 and 2^64 - 2^11.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[9223372036854775808, 18446744073709549568, 1]> : tensor<3xui64>
    %result = stablehlo.convert %operand : (tensor<3xui64>) -> tensor<3xf64>
    check.expect_eq_const %result, dense<[9.223372036854776e+18, 1.844674407370955e+19, 1.0]> : tensor<3xf64>
    func.return
  }
}
