// Case: spec-invalid/uniform_quantize/invalid-c2-expressed
// expect-invalid: uniform_quantize C2
// An f32 operand quantized into a type expressed in bf16.
module {
  func.func @main(%arg0: tensor<2xf32>) -> tensor<2x!quant.uniform<i8:bf16, 0.5:0>> {
    %0 = "stablehlo.uniform_quantize"(%arg0) : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:bf16, 0.5:0>>
    func.return %0 : tensor<2x!quant.uniform<i8:bf16, 0.5:0>>
  }
}
