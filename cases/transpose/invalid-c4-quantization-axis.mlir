// Case: spec-invalid/transpose/invalid-c4-quantization-axis
// expect-invalid: transpose C4
// The operand is quantized along dimension 0, which the permutation moves to 1; the result says 0.
module {
  func.func @main(%arg0: tensor<2x2x!quant.uniform<i8:f32:0, {0.5:0, 0.5:0}>>) -> tensor<2x2x!quant.uniform<i8:f32:0, {0.5:0, 0.5:0}>> {
    %0 = "stablehlo.transpose"(%arg0) {permutation = array<i64: 1, 0>} : (tensor<2x2x!quant.uniform<i8:f32:0, {0.5:0, 0.5:0}>>) -> tensor<2x2x!quant.uniform<i8:f32:0, {0.5:0, 0.5:0}>>
    func.return %0 : tensor<2x2x!quant.uniform<i8:f32:0, {0.5:0, 0.5:0}>>
  }
}
