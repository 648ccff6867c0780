// Case: spec/triangular_solve/quantized-right-transpose
// Spec (triangular_solve): "For quantized types, performs dequantize_op_quantize(lambda x, y: triangular_solve(x, y,
// left_side, lower, unit_diagonal, transpose_a), a, b, type(result))": a and b are dequantized, the system is solved in
// floating point and the solution quantized into the result type.
// left_side = false, lower = false, TRANSPOSE: solves x * a^T = b for upper-triangular
// a = [[4, 1, -2], [0, 2, 3], [0, 0, 0.5]] (a^T is lower-triangular), x = [[1, 0.5, -3], [-2, 0.25, 1.5]]; the strict
// lower triangle of a holds storage 0 (0.5 after dequantizing), which is not read.
// a: i8 (scale 0.5, zero point -1) -> storage [7, 1, -5, 0, 3, 5, 0, 0, 0] dequantizes to [4, 1, -2, 0.5, 2, 3, 0.5, 0.5, 0.5].
// b: i8 (scale 0.25, zero point 0) -> storage [42, -32, -6, -43, 20, 3] dequantizes to [10.5, -8, -1.5, -10.75, 5, 0.75].
// Float triangular_solve: x = [1, 0.5, -3, -2, 0.25, 1.5] (row-major), exact.
// result: i8 (scale 0.25, zero point 0) gets quantize([1, 0.5, -3, -2, 0.25, 1.5]) = [4, 2, -12, -8, 1, 6].
module {
  func.func @main() {
    %a_storage = stablehlo.constant dense<[[7, 1, -5], [0, 3, 5], [0, 0, 0]]> : tensor<3x3xi8>
    %a = "stablehlo.bitcast_convert"(%a_storage) : (tensor<3x3xi8>) -> tensor<3x3x!quant.uniform<i8:f32, 0.5:-1>>
    %b_storage = stablehlo.constant dense<[[42, -32, -6], [-43, 20, 3]]> : tensor<2x3xi8>
    %b = "stablehlo.bitcast_convert"(%b_storage) : (tensor<2x3xi8>) -> tensor<2x3x!quant.uniform<i8:f32, 0.25:0>>
    %result = "stablehlo.triangular_solve"(%a, %b) {
      left_side = false,
      lower = false,
      unit_diagonal = false,
      transpose_a = #stablehlo<transpose TRANSPOSE>
    } : (tensor<3x3x!quant.uniform<i8:f32, 0.5:-1>>, tensor<2x3x!quant.uniform<i8:f32, 0.25:0>>) -> tensor<2x3x!quant.uniform<i8:f32, 0.25:0>>
    %result_storage = "stablehlo.bitcast_convert"(%result) : (tensor<2x3x!quant.uniform<i8:f32, 0.25:0>>) -> tensor<2x3xi8>
    check.expect_eq_const %result_storage, dense<[[4, 2, -12], [-8, 1, 6]]> : tensor<2x3xi8>
    func.return
  }
}
