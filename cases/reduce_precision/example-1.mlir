// Case: spec/reduce_precision/example-1
// From the spec's `reduce_precision` example (f64 to e5m10 and back): +inf, NaN, f64 denormal -> 0,
// 0 -> 0, 65519 -> 65504, 65520 -> +inf (generic form as in the spec).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0x7FF0000000000000, 0x7FFFFFFFFFFFFFFF, 0x0000000000000001, 0.0, 65519.0, 65520.0]> : tensor<6xf64>
    %output = "stablehlo.reduce_precision"(%operand) {
      exponent_bits = 5 : i32,
      mantissa_bits = 10 : i32
    } : (tensor<6xf64>) -> tensor<6xf64>
    check.expect_eq_const %output, dense<[0x7FF0000000000000, 0x7FF8000000000000, 0.0, 0.0, 65504.0, 0x7FF0000000000000]> : tensor<6xf64>
    func.return
  }
}
