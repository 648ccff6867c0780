// Case: spec-invalid/dynamic_broadcast_in_dim/invalid-c6-quantization-axis
// expect-invalid: dynamic_broadcast_in_dim C6
// The operand's axis 0 becomes result dimension 1, but the result is quantized along 0.
module {
  func.func @main(%arg0: tensor<2x!quant.uniform<i8:f32:0, {0.5:0, 0.5:0}>>, %arg1: tensor<2xi64>) -> tensor<3x2x!quant.uniform<i8:f32:0, {0.5:0, 0.5:0, 0.5:0}>> {
    %0 = "stablehlo.dynamic_broadcast_in_dim"(%arg0, %arg1) {broadcast_dimensions = array<i64: 1>} : (tensor<2x!quant.uniform<i8:f32:0, {0.5:0, 0.5:0}>>, tensor<2xi64>) -> tensor<3x2x!quant.uniform<i8:f32:0, {0.5:0, 0.5:0, 0.5:0}>>
    func.return %0 : tensor<3x2x!quant.uniform<i8:f32:0, {0.5:0, 0.5:0, 0.5:0}>>
  }
}
