// Case: spec-invalid/pad/invalid-c2-padding-size
// expect-invalid: pad C2
// edge_padding_low has 2 entries for a rank-1 operand.
module {
  func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<f32>) -> tensor<4xf32> {
    %0 = "stablehlo.pad"(%arg0, %arg1) {edge_padding_low = array<i64: 1, 1>, edge_padding_high = array<i64: 1>, interior_padding = array<i64: 0>} : (tensor<2xf32>, tensor<f32>) -> tensor<4xf32>
    func.return %0 : tensor<4xf32>
  }
}
