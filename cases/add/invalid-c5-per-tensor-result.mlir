// Case: spec-invalid/add/invalid-c5-per-tensor-result
// expect-invalid: add C5
// A per-axis quantized lhs with a per-tensor quantized result.
module {
  func.func @main(%arg0: tensor<2x2x!quant.uniform<i8:f32:0, {0.5:0, 0.5:0}>>, %arg1: tensor<2x2x!quant.uniform<i8:f32, 0.5:0>>) -> tensor<2x2x!quant.uniform<i8:f32, 0.5:0>> {
    %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<2x2x!quant.uniform<i8:f32:0, {0.5:0, 0.5:0}>>, tensor<2x2x!quant.uniform<i8:f32, 0.5:0>>) -> tensor<2x2x!quant.uniform<i8:f32, 0.5:0>>
    func.return %0 : tensor<2x2x!quant.uniform<i8:f32, 0.5:0>>
  }
}
