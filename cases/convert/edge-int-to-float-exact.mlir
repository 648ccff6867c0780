// Case: spec/convert/edge-int-to-float-exact
// Integer-to-float conversions of exactly representable values (2^24, -2^31, 2^63 via ui64).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[16777216, -2147483648, -1, 0]> : tensor<4xi32>
    %result = stablehlo.convert %operand : (tensor<4xi32>) -> tensor<4xf32>
    check.expect_eq_const %result, dense<[16777216.0, -2147483600.0, -1.0, 0.0]> : tensor<4xf32>
    func.return
  }
}
