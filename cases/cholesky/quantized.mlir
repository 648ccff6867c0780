// Case: spec/cholesky/quantized
// Spec (cholesky): "For quantized types, performs dequantize_op_quantize(lambda operand: cholesky(operand, lower), a,
// type(result))": a is dequantized, factored in floating point, and the factor quantized into the result type.
// a = [[4, 2], [2, 5]] has the exact integer factor L = [[2, 0], [1, 2]] (lower = true).
// a: i8 (scale 0.5, zero point 0) -> storage [8, 4, 4, 10] dequantizes to [4, 2, 2, 5].
// Float cholesky (lower = true): [2, 0, 1, 2] (row-major; the opposite triangle shown as 0).
// result (checked triangle): i8 (scale 0.25, zero point -1) gets quantize([2, 1, 2]) = [7, 3, 7].
// The opposite triangle is implementation-defined (spec), so the result storage goes through a select with an
// iota-built lower-triangle mask that puts the zero point -1 (the quantization of 0) there before the check.
module {
  func.func @main() {
    %a_storage = stablehlo.constant dense<[[8, 4], [4, 10]]> : tensor<2x2xi8>
    %a = "stablehlo.bitcast_convert"(%a_storage) : (tensor<2x2xi8>) -> tensor<2x2x!quant.uniform<i8:f32, 0.5:0>>
    %result = "stablehlo.cholesky"(%a) {
      lower = true
    } : (tensor<2x2x!quant.uniform<i8:f32, 0.5:0>>) -> tensor<2x2x!quant.uniform<i8:f32, 0.25:-1>>
    %result_storage = "stablehlo.bitcast_convert"(%result) : (tensor<2x2x!quant.uniform<i8:f32, 0.25:-1>>) -> tensor<2x2xi8>
    %rows = "stablehlo.iota"() {
      iota_dimension = 0 : i64
    } : () -> tensor<2x2xi32>
    %cols = "stablehlo.iota"() {
      iota_dimension = 1 : i64
    } : () -> tensor<2x2xi32>
    %mask = "stablehlo.compare"(%rows, %cols) {
      comparison_direction = #stablehlo<comparison_direction GE>
    } : (tensor<2x2xi32>, tensor<2x2xi32>) -> tensor<2x2xi1>
    %zero_point = stablehlo.constant dense<[[-1, -1], [-1, -1]]> : tensor<2x2xi8>
    %masked = "stablehlo.select"(%mask, %result_storage, %zero_point) : (tensor<2x2xi1>, tensor<2x2xi8>, tensor<2x2xi8>) -> tensor<2x2xi8>
    check.expect_eq_const %masked, dense<[[7, -1], [3, 7]]> : tensor<2x2xi8>
    func.return
  }
}
