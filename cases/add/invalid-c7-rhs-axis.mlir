// Case: spec-invalid/add/invalid-c7-rhs-axis
// expect-invalid: add C7
// rhs is quantized along dimension 0, the result along dimension 1.
module {
  func.func @main(%arg0: tensor<2x2x!quant.uniform<i8:f32, 0.5:0>>, %arg1: tensor<2x2x!quant.uniform<i8:f32:0, {0.5:0, 0.5:0}>>) -> tensor<2x2x!quant.uniform<i8:f32:1, {0.5:0, 0.5:0}>> {
    %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<2x2x!quant.uniform<i8:f32, 0.5:0>>, tensor<2x2x!quant.uniform<i8:f32:0, {0.5:0, 0.5:0}>>) -> tensor<2x2x!quant.uniform<i8:f32:1, {0.5:0, 0.5:0}>>
    func.return %0 : tensor<2x2x!quant.uniform<i8:f32:1, {0.5:0, 0.5:0}>>
  }
}
