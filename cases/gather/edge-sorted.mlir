// Case: spec/gather/edge-sorted
// indices_are_sorted = true with indices that are sorted (allowed; the result is the same).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1, 2, 3, 4, 5]> : tensor<5xi32>
    %start_indices = stablehlo.constant dense<[[0], [2], [4]]> : tensor<3x1xi64>
    %result = "stablehlo.gather"(%operand, %start_indices) {
      dimension_numbers = #stablehlo.gather<
        offset_dims = [],
        collapsed_slice_dims = [0],
        start_index_map = [0],
        index_vector_dim = 1>,
      slice_sizes = array<i64: 1>,
      indices_are_sorted = true
    } : (tensor<5xi32>, tensor<3x1xi64>) -> tensor<3xi32>
    check.expect_eq_const %result, dense<[1, 3, 5]> : tensor<3xi32>
    func.return
  }
}
