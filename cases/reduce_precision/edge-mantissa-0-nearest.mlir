// Case: spec/reduce_precision/edge-mantissa-0-nearest
// Spec (reduce_precision): the mantissa is rounded "to the nearest value representable with mantissa_bits using
// roundToIntegralTiesToEven semantics". With mantissa_bits = 0 (format e8m0 on f32) the representable values are the
// powers of two, and XLA computes the rounding on the encoding: last = 1 << (23 - m), bias = (last >> 1) - 1,
// bits' = (bits + ((bits & last) >> (23 - m)) + bias) & ~(last - 1); the last kept bit is the exponent's lowest bit,
// so a tie goes to the power of two whose biased exponent is even (e = 8 on f32: no exponent step).
// Non-ties go to the nearest power of two: 1.4 -> 1.0, 1.6 -> 2.0, 5.0 -> 4.0, 7.0 -> 8.0, -0.7 -> -0.5;
// powers of two are kept; 2^127 * 1.75 rounds up to 2^128, which is +inf.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1.4, 1.6, 5.0, 7.0, -0.7, 0.25, 2.9774707e+38]> : tensor<7xf32>
    %output = stablehlo.reduce_precision %operand, format = e8m0 : tensor<7xf32>
    check.expect_eq_const %output, dense<[1.0, 2.0, 4.0, 8.0, -0.5, 0.25, 0x7F800000]> : tensor<7xf32>
    func.return
  }
}
