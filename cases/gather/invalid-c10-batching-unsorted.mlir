// Case: spec-invalid/gather/invalid-c10-batching-unsorted
// expect-invalid: gather C10
// operand_batching_dims [1, 0] is not sorted.
module {
  func.func @main(%arg0: tensor<2x2xf32>, %arg1: tensor<2x2x1xi64>) -> tensor<2x2xf32> {
    %0 = "stablehlo.gather"(%arg0, %arg1) {dimension_numbers = #stablehlo.gather<offset_dims = [], operand_batching_dims = [1, 0], start_indices_batching_dims = [0, 1], start_index_map = [0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1>, indices_are_sorted = false} : (tensor<2x2xf32>, tensor<2x2x1xi64>) -> tensor<2x2xf32>
    func.return %0 : tensor<2x2xf32>
  }
}
