// Case: spec/iota/edge-quantized-i16-ties
// Spec (iota): output[output_index] = constant(is_quantized(output) ? quantize(output_index[iota_dimension],
// element_type(output)) : output_index[iota_dimension], element_type(output)).
// i16 storage, scale 4.0, zero point 0: i / 4 = 0.5 -> 0 and 1.5 -> 2 (ties to even), 0.25 -> 0,
// 0.75 -> 1, 1.25 -> 1.
// i16 (scale 4.0, zero point 0): index i -> quantize(i) = round_nearest_even(clamp(i / 4.0 + 0)) = [0, 0, 0, 1, 1, 1, 2] (row-major).
module {
  func.func @main() {
    %output = "stablehlo.iota"() {
      iota_dimension = 0 : i64
    } : () -> tensor<7x!quant.uniform<i16:f32, 4.0:0>>
    %output_storage = "stablehlo.bitcast_convert"(%output) : (tensor<7x!quant.uniform<i16:f32, 4.0:0>>) -> tensor<7xi16>
    check.expect_eq_const %output_storage, dense<[0, 0, 0, 1, 1, 1, 2]> : tensor<7xi16>
    func.return
  }
}
