// Case: spec-invalid/pad/invalid-c3-negative-interior
// expect-invalid: pad C3
// interior_padding is -1.
module {
  func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<f32>) -> tensor<1xf32> {
    %0 = "stablehlo.pad"(%arg0, %arg1) {edge_padding_low = array<i64: 0>, edge_padding_high = array<i64: 0>, interior_padding = array<i64: -1>} : (tensor<2xf32>, tensor<f32>) -> tensor<1xf32>
    func.return %0 : tensor<1xf32>
  }
}
