// Case: spec/iota/edge-quantized-2d
// Spec (iota): output[output_index] = constant(is_quantized(output) ? quantize(output_index[iota_dimension],
// element_type(output)) : output_index[iota_dimension], element_type(output)).
// A 2x4 iota along dimension 1 with scale 0.5, zero point -3 (index i -> 2 i - 3).
// i8 (scale 0.5, zero point -3): index i -> quantize(i) = round_nearest_even(clamp(i / 0.5 + -3)) = [-3, -1, 1, 3, -3, -1, 1, 3] (row-major).
module {
  func.func @main() {
    %output = "stablehlo.iota"() {
      iota_dimension = 1 : i64
    } : () -> tensor<2x4x!quant.uniform<i8:f32, 0.5:-3>>
    %output_storage = "stablehlo.bitcast_convert"(%output) : (tensor<2x4x!quant.uniform<i8:f32, 0.5:-3>>) -> tensor<2x4xi8>
    check.expect_eq_const %output_storage, dense<[[-3, -1, 1, 3], [-3, -1, 1, 3]]> : tensor<2x4xi8>
    func.return
  }
}
