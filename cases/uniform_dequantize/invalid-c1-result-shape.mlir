// Case: spec-invalid/uniform_dequantize/invalid-c1-result-shape
// expect-invalid: uniform_dequantize C1
// The result has another shape than the operand.
module {
  func.func @main(%arg0: tensor<2x!quant.uniform<i8:f32, 0.5:0>>) -> tensor<3xf32> {
    %0 = "stablehlo.uniform_dequantize"(%arg0) : (tensor<2x!quant.uniform<i8:f32, 0.5:0>>) -> tensor<3xf32>
    func.return %0 : tensor<3xf32>
  }
}
