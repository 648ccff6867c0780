// Case: spec-invalid/gather/invalid-c8-collapsed-range
// expect-invalid: gather C8
// collapsed_slice_dims [2] is out of range for a rank-2 operand.
module {
  func.func @main(%arg0: tensor<3x4xf32>, %arg1: tensor<2x1xi64>) -> tensor<2x4xf32> {
    %0 = "stablehlo.gather"(%arg0, %arg1) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [2], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>, indices_are_sorted = false} : (tensor<3x4xf32>, tensor<2x1xi64>) -> tensor<2x4xf32>
    func.return %0 : tensor<2x4xf32>
  }
}
