// Case: spec/iota/edge-quantized
// Spec (iota): output[output_index] = constant(is_quantized(output) ? quantize(output_index[iota_dimension],
// element_type(output)) : output_index[iota_dimension], element_type(output)).
// Scale 2.0, zero point 125: i / 2 + 125 gives the ties 125.5 -> 126 and 126.5 -> 126 (round half to
// even), and 127.5, 128, 128.5 clamp to the storage maximum 127 before the rounding.
// i8 (scale 2.0, zero point 125): index i -> quantize(i) = round_nearest_even(clamp(i / 2.0 + 125)) = [125, 126, 126, 126, 127, 127, 127, 127] (row-major).
module {
  func.func @main() {
    %output = "stablehlo.iota"() {
      iota_dimension = 0 : i64
    } : () -> tensor<8x!quant.uniform<i8:f32, 2.0:125>>
    %output_storage = "stablehlo.bitcast_convert"(%output) : (tensor<8x!quant.uniform<i8:f32, 2.0:125>>) -> tensor<8xi8>
    check.expect_eq_const %output_storage, dense<[125, 126, 126, 126, 127, 127, 127, 127]> : tensor<8xi8>
    func.return
  }
}
