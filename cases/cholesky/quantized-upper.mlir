// Case: spec/cholesky/quantized-upper
// Spec (cholesky): "For quantized types, performs dequantize_op_quantize(lambda operand: cholesky(operand, lower), a,
// type(result))": a is dequantized, factored in floating point, and the factor quantized into the result type.
// lower = false on a 3x3 i16 matrix: the upper factor U with a = U^T U is the transpose of the dyadic
// lower factor L = [[2, 0, 0], [-1, 0.5, 0], [0.5, 3, 4]] (every step of the factorisation is exact).
// a: i16 (scale 0.125, zero point 3) -> storage [35, -13, 11, -13, 13, 11, 11, 11, 205] dequantizes to [4, -2, 1, -2, 1.25, 1, 1, 1, 25.25].
// Float cholesky (lower = false): [2, -1, 0.5, 0, 0.5, 3, 0, 0, 4] (row-major; the opposite triangle shown as 0).
// result (checked triangle): i16 (scale 0.0625, zero point -10) gets quantize([2, -1, 0.5, 0.5, 3, 4]) = [22, -26, -2, -2, 38, 54].
// The opposite triangle is implementation-defined (spec), so the result storage goes through a select with an
// iota-built upper-triangle mask that puts the zero point -10 (the quantization of 0) there before the check.
module {
  func.func @main() {
    %a_storage = stablehlo.constant dense<[[35, -13, 11], [-13, 13, 11], [11, 11, 205]]> : tensor<3x3xi16>
    %a = "stablehlo.bitcast_convert"(%a_storage) : (tensor<3x3xi16>) -> tensor<3x3x!quant.uniform<i16:f32, 0.125:3>>
    %result = "stablehlo.cholesky"(%a) {
      lower = false
    } : (tensor<3x3x!quant.uniform<i16:f32, 0.125:3>>) -> tensor<3x3x!quant.uniform<i16:f32, 0.0625:-10>>
    %result_storage = "stablehlo.bitcast_convert"(%result) : (tensor<3x3x!quant.uniform<i16:f32, 0.0625:-10>>) -> tensor<3x3xi16>
    %rows = "stablehlo.iota"() {
      iota_dimension = 0 : i64
    } : () -> tensor<3x3xi32>
    %cols = "stablehlo.iota"() {
      iota_dimension = 1 : i64
    } : () -> tensor<3x3xi32>
    %mask = "stablehlo.compare"(%rows, %cols) {
      comparison_direction = #stablehlo<comparison_direction LE>
    } : (tensor<3x3xi32>, tensor<3x3xi32>) -> tensor<3x3xi1>
    %zero_point = stablehlo.constant dense<[[-10, -10, -10], [-10, -10, -10], [-10, -10, -10]]> : tensor<3x3xi16>
    %masked = "stablehlo.select"(%mask, %result_storage, %zero_point) : (tensor<3x3xi1>, tensor<3x3xi16>, tensor<3x3xi16>) -> tensor<3x3xi16>
    check.expect_eq_const %masked, dense<[[22, -26, -2], [-10, -2, 38], [-10, -10, 54]]> : tensor<3x3xi16>
    func.return
  }
}
