// Case: spec-invalid/gather/invalid-c21-slice-size-past-end
// expect-invalid: gather C21
// slice_sizes[1] = 5 is more than dimension 1's 4.
module {
  func.func @main(%arg0: tensor<3x4xf32>, %arg1: tensor<2x1xi64>) -> tensor<2x5xf32> {
    %0 = "stablehlo.gather"(%arg0, %arg1) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 5>, indices_are_sorted = false} : (tensor<3x4xf32>, tensor<2x1xi64>) -> tensor<2x5xf32>
    func.return %0 : tensor<2x5xf32>
  }
}
