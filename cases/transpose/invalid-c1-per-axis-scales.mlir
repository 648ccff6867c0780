// Case: spec-invalid/transpose/invalid-c1-per-axis-scales
// expect-invalid: transpose C1
// A per-axis quantized operand whose result has other scales (only the axis may differ).
module {
  func.func @main(%arg0: tensor<2x3x!quant.uniform<i8:f32:0, {0.5:0, 0.5:0}>>) -> tensor<3x2x!quant.uniform<i8:f32:1, {0.5:0, 0.25:0}>> {
    %0 = "stablehlo.transpose"(%arg0) {permutation = array<i64: 1, 0>} : (tensor<2x3x!quant.uniform<i8:f32:0, {0.5:0, 0.5:0}>>) -> tensor<3x2x!quant.uniform<i8:f32:1, {0.5:0, 0.25:0}>>
    func.return %0 : tensor<3x2x!quant.uniform<i8:f32:1, {0.5:0, 0.25:0}>>
  }
}
