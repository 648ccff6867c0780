// Case: spec-invalid/gather/invalid-c16-batching-count
// expect-invalid: gather C16
// One operand batching dimension, no start_indices batching dimension.
module {
  func.func @main(%arg0: tensor<2x4xf32>, %arg1: tensor<2x1xi64>) -> tensor<2x2xf32> {
    %0 = "stablehlo.gather"(%arg0, %arg1) {dimension_numbers = #stablehlo.gather<offset_dims = [1], operand_batching_dims = [0], start_index_map = [1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 2>, indices_are_sorted = false} : (tensor<2x4xf32>, tensor<2x1xi64>) -> tensor<2x2xf32>
    func.return %0 : tensor<2x2xf32>
  }
}
