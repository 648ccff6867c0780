// Case: spec-invalid/broadcast_in_dim/invalid-c6-repeated-scale
// expect-invalid: broadcast_in_dim C6
// The operand's axis has size 1, but the result's scales are not its one scale repeated.
module {
  func.func @main(%arg0: tensor<1x!quant.uniform<i8:f32:0, {0.5:0}>>) -> tensor<3x2x!quant.uniform<i8:f32:1, {0.5:0, 0.25:0}>> {
    %0 = "stablehlo.broadcast_in_dim"(%arg0) {broadcast_dimensions = array<i64: 1>} : (tensor<1x!quant.uniform<i8:f32:0, {0.5:0}>>) -> tensor<3x2x!quant.uniform<i8:f32:1, {0.5:0, 0.25:0}>>
    func.return %0 : tensor<3x2x!quant.uniform<i8:f32:1, {0.5:0, 0.25:0}>>
  }
}
