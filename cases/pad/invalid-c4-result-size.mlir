// Case: spec-invalid/pad/invalid-c4-result-size
// expect-invalid: pad C4
// 2 elements padded by 1 on each side make 4, not 5.
module {
  func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<f32>) -> tensor<5xf32> {
    %0 = "stablehlo.pad"(%arg0, %arg1) {edge_padding_low = array<i64: 1>, edge_padding_high = array<i64: 1>, interior_padding = array<i64: 0>} : (tensor<2xf32>, tensor<f32>) -> tensor<5xf32>
    func.return %0 : tensor<5xf32>
  }
}
