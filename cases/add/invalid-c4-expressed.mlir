// Case: spec-invalid/add/invalid-c4-expressed
// expect-invalid: add C4
// Quantized operands expressed in f32 and a result expressed in bf16.
module {
  func.func @main(%arg0: tensor<2x!quant.uniform<i8:f32, 0.5:0>>, %arg1: tensor<2x!quant.uniform<i8:f32, 0.5:0>>) -> tensor<2x!quant.uniform<i8:bf16, 0.5:0>> {
    %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<2x!quant.uniform<i8:f32, 0.5:0>>, tensor<2x!quant.uniform<i8:f32, 0.5:0>>) -> tensor<2x!quant.uniform<i8:bf16, 0.5:0>>
    func.return %0 : tensor<2x!quant.uniform<i8:bf16, 0.5:0>>
  }
}
