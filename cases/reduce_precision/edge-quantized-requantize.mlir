// Case: spec/reduce_precision/edge-quantized-requantize
// Spec (reduce_precision): "For quantized types, performs dequantize_op_quantize(lambda operand: reduce_precision(operand,
// exponent_bits, mantissa_bits), operand, type(result))".
// e5m2 (an f8 format) with a result type of another scale and zero point: 5.5 -> 6.0 (tie, even),
// 4.5 -> 4.0 (tie, even), 9.0 -> 8.0, -7.5 -> -8.0 (tie, even), 0.5 -> 0.5, then quantized with scale 0.25, zero point -4.
// operand: i8 (scale 0.5, zero point 0) -> storage [11, 9, 18, -15, 1] dequantizes to [5.5, 4.5, 9, -7.5, 0.5].
// Float reduce_precision e5m2 (XLA encoding arithmetic, ties to even): [6, 4, 8, -8, 0.5].
// output: i8 (scale 0.25, zero point -4) gets quantize([6, 4, 8, -8, 0.5]) = [20, 12, 28, -36, -2].
module {
  func.func @main() {
    %operand_storage = stablehlo.constant dense<[11, 9, 18, -15, 1]> : tensor<5xi8>
    %operand = "stablehlo.bitcast_convert"(%operand_storage) : (tensor<5xi8>) -> tensor<5x!quant.uniform<i8:f32, 0.5:0>>
    %output = stablehlo.reduce_precision %operand, format = e5m2 : (tensor<5x!quant.uniform<i8:f32, 0.5:0>>) -> tensor<5x!quant.uniform<i8:f32, 0.25:-4>>
    %output_storage = "stablehlo.bitcast_convert"(%output) : (tensor<5x!quant.uniform<i8:f32, 0.25:-4>>) -> tensor<5xi8>
    check.expect_eq_const %output_storage, dense<[20, 12, 28, -36, -2]> : tensor<5xi8>
    func.return
  }
}
