// Case: spec-invalid/reshape/invalid-c3-quantization-axis
// expect-invalid: reshape C3
// The axis (size 2, after 1 element) becomes one of size 3.
module {
  func.func @main(%arg0: tensor<2x3x!quant.uniform<i8:f32:0, {0.5:0, 0.5:0}>>) -> tensor<3x2x!quant.uniform<i8:f32:0, {0.5:0, 0.5:0, 0.5:0}>> {
    %0 = "stablehlo.reshape"(%arg0) : (tensor<2x3x!quant.uniform<i8:f32:0, {0.5:0, 0.5:0}>>) -> tensor<3x2x!quant.uniform<i8:f32:0, {0.5:0, 0.5:0, 0.5:0}>>
    func.return %0 : tensor<3x2x!quant.uniform<i8:f32:0, {0.5:0, 0.5:0, 0.5:0}>>
  }
}
