// Case: spec-invalid/dot_general/invalid-c16-rhs-axis-contracting
// expect-invalid: dot_general C16
// The rhs is quantized along dimension 0, a contracting dimension.
module {
  func.func @main(%arg0: tensor<2x3x!quant.uniform<i8:f32, 0.5:0>>, %arg1: tensor<3x4x!quant.uniform<i8:f32:0, {0.5:0, 0.5:0, 0.5:0}>>) -> tensor<2x4x!quant.uniform<i8:f32, 0.5:0>> {
    %0 = "stablehlo.dot_general"(%arg0, %arg1) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<2x3x!quant.uniform<i8:f32, 0.5:0>>, tensor<3x4x!quant.uniform<i8:f32:0, {0.5:0, 0.5:0, 0.5:0}>>) -> tensor<2x4x!quant.uniform<i8:f32, 0.5:0>>
    func.return %0 : tensor<2x4x!quant.uniform<i8:f32, 0.5:0>>
  }
}
