// Case: spec/gather/edge-clamp
// Spec: each start index is clamped to [0, dim - slice_size]: -5 -> 0 and 7 -> 3 for slices of 2 out of 5;
// the si64 extremes clamp the same way.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[10.0, 11.0, 12.0, 13.0, 14.0]> : tensor<5xf32>
    %start_indices = stablehlo.constant dense<[[-5], [7], [2], [-9223372036854775808], [9223372036854775807]]> : tensor<5x1xi64>
    %result = "stablehlo.gather"(%operand, %start_indices) {
      dimension_numbers = #stablehlo.gather<
        offset_dims = [1],
        collapsed_slice_dims = [],
        start_index_map = [0],
        index_vector_dim = 1>,
      slice_sizes = array<i64: 2>,
      indices_are_sorted = false
    } : (tensor<5xf32>, tensor<5x1xi64>) -> tensor<5x2xf32>
    check.expect_eq_const %result, dense<[[10.0, 11.0], [13.0, 14.0], [12.0, 13.0], [10.0, 11.0], [13.0, 14.0]]> : tensor<5x2xf32>
    func.return
  }
}
