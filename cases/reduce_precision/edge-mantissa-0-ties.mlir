// Case: spec/reduce_precision/edge-mantissa-0-ties
// Spec (reduce_precision): the mantissa is rounded "to the nearest value representable with mantissa_bits using
// roundToIntegralTiesToEven semantics". With mantissa_bits = 0 (format e8m0 on f32) the representable values are the
// powers of two, and XLA computes the rounding on the encoding: last = 1 << (23 - m), bias = (last >> 1) - 1,
// bits' = (bits + ((bits & last) >> (23 - m)) + bias) & ~(last - 1); the last kept bit is the exponent's lowest bit,
// so a tie goes to the power of two whose biased exponent is even (e = 8 on f32: no exponent step).
// Ties: 1.5 -> 2.0 (biased exponents 127 / 128), 3.0 -> 2.0 (128 / 129), 6.0 -> 8.0 (129 / 130),
// 0.75 -> 0.5 (126 / 127), -3.0 -> -2.0 (the sign does not matter).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1.5, 3.0, 6.0, 0.75, -3.0]> : tensor<5xf32>
    %output = stablehlo.reduce_precision %operand, format = e8m0 : tensor<5xf32>
    check.expect_eq_const %output, dense<[2.0, 2.0, 8.0, 0.5, -2.0]> : tensor<5xf32>
    func.return
  }
}
