// Case: spec-invalid/uniform_quantize/invalid-c1-result-shape
// expect-invalid: uniform_quantize C1
// The result has another shape than the operand.
module {
  func.func @main(%arg0: tensor<2xf32>) -> tensor<3x!quant.uniform<i8:f32, 0.5:0>> {
    %0 = "stablehlo.uniform_quantize"(%arg0) : (tensor<2xf32>) -> tensor<3x!quant.uniform<i8:f32, 0.5:0>>
    func.return %0 : tensor<3x!quant.uniform<i8:f32, 0.5:0>>
  }
}
