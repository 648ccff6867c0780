// Case: spec-invalid/dot_general/invalid-c19-per-axis-result
// expect-invalid: dot_general C19
// A per-tensor quantized rhs with a per-axis quantized result.
module {
  func.func @main(%arg0: tensor<2x3x!quant.uniform<i8:f32, 0.5:0>>, %arg1: tensor<3x4x!quant.uniform<i8:f32, 0.5:0>>) -> tensor<2x4x!quant.uniform<i8:f32:1, {0.5:0, 0.5:0, 0.5:0, 0.5:0}>> {
    %0 = "stablehlo.dot_general"(%arg0, %arg1) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<2x3x!quant.uniform<i8:f32, 0.5:0>>, tensor<3x4x!quant.uniform<i8:f32, 0.5:0>>) -> tensor<2x4x!quant.uniform<i8:f32:1, {0.5:0, 0.5:0, 0.5:0, 0.5:0}>>
    func.return %0 : tensor<2x4x!quant.uniform<i8:f32:1, {0.5:0, 0.5:0, 0.5:0, 0.5:0}>>
  }
}
