// Case: spec/reduce_precision/edge-quantized
// Spec (reduce_precision): "For quantized types, performs dequantize_op_quantize(lambda operand: reduce_precision(operand,
// exponent_bits, mantissa_bits), operand, type(result))".
// e8m1 keeps 2 significant bits: 1.125 -> 1.0, 1.25 -> 1.0 (tie, even), 1.75 -> 2.0 (tie, even),
// -1.375 -> -1.5, 12.5 -> 12.0; 15.875 -> 16.0, which is 128 in the scale 0.125 and clamps to the storage maximum 127.
// operand: i8 (scale 0.125, zero point 0) -> storage [9, 10, 14, -11, 100, 127] dequantizes to [1.125, 1.25, 1.75, -1.375, 12.5, 15.875].
// Float reduce_precision e8m1 (XLA encoding arithmetic, ties to even): [1, 1, 2, -1.5, 12, 16].
// output: i8 (scale 0.125, zero point 0) gets quantize([1, 1, 2, -1.5, 12, 16]) = [8, 8, 16, -12, 96, 127].
module {
  func.func @main() {
    %operand_storage = stablehlo.constant dense<[9, 10, 14, -11, 100, 127]> : tensor<6xi8>
    %operand = "stablehlo.bitcast_convert"(%operand_storage) : (tensor<6xi8>) -> tensor<6x!quant.uniform<i8:f32, 0.125:0>>
    %output = stablehlo.reduce_precision %operand, format = e8m1 : (tensor<6x!quant.uniform<i8:f32, 0.125:0>>) -> tensor<6x!quant.uniform<i8:f32, 0.125:0>>
    %output_storage = "stablehlo.bitcast_convert"(%output) : (tensor<6x!quant.uniform<i8:f32, 0.125:0>>) -> tensor<6xi8>
    check.expect_eq_const %output_storage, dense<[8, 8, 16, -12, 96, 127]> : tensor<6xi8>
    func.return
  }
}
