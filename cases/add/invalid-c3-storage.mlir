// Case: spec-invalid/add/invalid-c3-storage
// expect-invalid: add C3
// Quantized operands with storage i8 and a result with storage i16.
module {
  func.func @main(%arg0: tensor<2x!quant.uniform<i8:f32, 0.5:0>>, %arg1: tensor<2x!quant.uniform<i8:f32, 0.5:0>>) -> tensor<2x!quant.uniform<i16:f32, 0.5:0>> {
    %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<2x!quant.uniform<i8:f32, 0.5:0>>, tensor<2x!quant.uniform<i8:f32, 0.5:0>>) -> tensor<2x!quant.uniform<i16:f32, 0.5:0>>
    func.return %0 : tensor<2x!quant.uniform<i16:f32, 0.5:0>>
  }
}
