// Case: spec-invalid/dot_general/invalid-c15-rhs-zero-point
// expect-invalid: dot_general C15
// The rhs has zero point 1; it must be 0.
module {
  func.func @main(%arg0: tensor<2x3x!quant.uniform<i8:f32, 0.5:0>>, %arg1: tensor<3x4x!quant.uniform<i8:f32, 0.5:1>>) -> tensor<2x4x!quant.uniform<i8:f32, 0.5:0>> {
    %0 = "stablehlo.dot_general"(%arg0, %arg1) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<2x3x!quant.uniform<i8:f32, 0.5:0>>, tensor<3x4x!quant.uniform<i8:f32, 0.5:1>>) -> tensor<2x4x!quant.uniform<i8:f32, 0.5:0>>
    func.return %0 : tensor<2x4x!quant.uniform<i8:f32, 0.5:0>>
  }
}
