// Case: spec/triangular_solve/quantized
// Spec (triangular_solve): "For quantized types, performs dequantize_op_quantize(lambda x, y: triangular_solve(x, y,
// left_side, lower, unit_diagonal, transpose_a), a, b, type(result))": a and b are dequantized, the system is solved in
// floating point and the solution quantized into the result type.
// left_side, lower, NO_TRANSPOSE: a = [[2, 0], [1, 4]] and b = a * x for x = [[1.5, -1], [-0.25, 2]];
// the strict upper triangle of a holds storage 99 (49.5 after dequantizing), which the spec says is not read.
// a: i8 (scale 0.5, zero point 0) -> storage [4, 99, 2, 8] dequantizes to [2, 49.5, 1, 4].
// b: i8 (scale 0.25, zero point 0) -> storage [12, -8, 2, 28] dequantizes to [3, -2, 0.5, 7].
// Float triangular_solve: x = [1.5, -1, -0.25, 2] (row-major), exact.
// result: i8 (scale 0.25, zero point 2) gets quantize([1.5, -1, -0.25, 2]) = [8, -2, 1, 10].
module {
  func.func @main() {
    %a_storage = stablehlo.constant dense<[[4, 99], [2, 8]]> : tensor<2x2xi8>
    %a = "stablehlo.bitcast_convert"(%a_storage) : (tensor<2x2xi8>) -> tensor<2x2x!quant.uniform<i8:f32, 0.5:0>>
    %b_storage = stablehlo.constant dense<[[12, -8], [2, 28]]> : tensor<2x2xi8>
    %b = "stablehlo.bitcast_convert"(%b_storage) : (tensor<2x2xi8>) -> tensor<2x2x!quant.uniform<i8:f32, 0.25:0>>
    %result = "stablehlo.triangular_solve"(%a, %b) {
      left_side = true,
      lower = true,
      unit_diagonal = false,
      transpose_a = #stablehlo<transpose NO_TRANSPOSE>
    } : (tensor<2x2x!quant.uniform<i8:f32, 0.5:0>>, tensor<2x2x!quant.uniform<i8:f32, 0.25:0>>) -> tensor<2x2x!quant.uniform<i8:f32, 0.25:2>>
    %result_storage = "stablehlo.bitcast_convert"(%result) : (tensor<2x2x!quant.uniform<i8:f32, 0.25:2>>) -> tensor<2x2xi8>
    check.expect_eq_const %result_storage, dense<[[8, -2], [1, 10]]> : tensor<2x2xi8>
    func.return
  }
}
