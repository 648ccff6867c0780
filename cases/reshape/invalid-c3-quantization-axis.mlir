// Case: spec-invalid/reshape/invalid-c3-quantization-axis
// expect-invalid: reshape C3
// The axis of size 2 has 1 element before it in the operand, 3 in the result.
module {
  func.func @main(%arg0: tensor<2x3x!quant.uniform<i8:f32:0, {0.5:0, 0.5:0}>>) -> tensor<3x2x!quant.uniform<i8:f32:1, {0.5:0, 0.5:0}>> {
    %0 = "stablehlo.reshape"(%arg0) : (tensor<2x3x!quant.uniform<i8:f32:0, {0.5:0, 0.5:0}>>) -> tensor<3x2x!quant.uniform<i8:f32:1, {0.5:0, 0.5:0}>>
    func.return %0 : tensor<3x2x!quant.uniform<i8:f32:1, {0.5:0, 0.5:0}>>
  }
}
