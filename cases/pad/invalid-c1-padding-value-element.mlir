// Case: spec-invalid/pad/invalid-c1-padding-value-element
// expect-invalid: pad C1
// The operand is f32, padding_value f64.
module {
  func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<f64>) -> tensor<4xf32> {
    %0 = "stablehlo.pad"(%arg0, %arg1) {edge_padding_low = array<i64: 1>, edge_padding_high = array<i64: 1>, interior_padding = array<i64: 0>} : (tensor<2xf32>, tensor<f64>) -> tensor<4xf32>
    func.return %0 : tensor<4xf32>
  }
}
