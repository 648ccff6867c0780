// Case: spec-invalid/gather/invalid-c2-index-vector-dim
// expect-invalid: gather C2
// index_vector_dim 3 is past rank(start_indices) = 2.
module {
  func.func @main(%arg0: tensor<3x4xf32>, %arg1: tensor<2x1xi64>) -> tensor<2x4xf32> {
    %0 = "stablehlo.gather"(%arg0, %arg1) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 3>, slice_sizes = array<i64: 1, 4>, indices_are_sorted = false} : (tensor<3x4xf32>, tensor<2x1xi64>) -> tensor<2x4xf32>
    func.return %0 : tensor<2x4xf32>
  }
}
