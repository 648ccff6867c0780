// Case: spec-invalid/gather/invalid-c1-dims-count
// expect-invalid: gather C1
// offset_dims [1] and no collapsed or batching dims: 1 entry for a rank-2 operand.
module {
  func.func @main(%arg0: tensor<3x4xf32>, %arg1: tensor<2x1xi64>) -> tensor<2x1x4xf32> {
    %0 = "stablehlo.gather"(%arg0, %arg1) {dimension_numbers = #stablehlo.gather<offset_dims = [1], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>, indices_are_sorted = false} : (tensor<3x4xf32>, tensor<2x1xi64>) -> tensor<2x1x4xf32>
    func.return %0 : tensor<2x1x4xf32>
  }
}
