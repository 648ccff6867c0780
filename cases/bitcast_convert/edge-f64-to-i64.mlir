// Case: spec/bitcast_convert/edge-f64-to-i64
// f64 encodings as si64: 1.0 -> 0x3FF0000000000000, -0.0 -> INT64_MIN, -inf -> 0xFFF0000000000000.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1.0, -0.0, 0xFFF0000000000000]> : tensor<3xf64>
    %result = stablehlo.bitcast_convert %operand : (tensor<3xf64>) -> tensor<3xi64>
    check.expect_eq_const %result, dense<[4607182418800017408, -9223372036854775808, -4503599627370496]> : tensor<3xi64>
    func.return
  }
}
