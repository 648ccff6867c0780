// Case: spec-invalid/gather/invalid-c7-collapsed-unsorted
// expect-invalid: gather C7
// collapsed_slice_dims [1, 0] is not sorted.
module {
  func.func @main(%arg0: tensor<3x4xf32>, %arg1: tensor<2x1xi64>) -> tensor<2xf32> {
    %0 = "stablehlo.gather"(%arg0, %arg1) {dimension_numbers = #stablehlo.gather<offset_dims = [], collapsed_slice_dims = [1, 0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 1>, indices_are_sorted = false} : (tensor<3x4xf32>, tensor<2x1xi64>) -> tensor<2xf32>
    func.return %0 : tensor<2xf32>
  }
}
