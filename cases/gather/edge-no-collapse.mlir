// Case: spec/gather/edge-no-collapse
// Without collapsed_slice_dims the size-1 slice dimension stays in the result (offset_dims [1, 2]).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6], [7, 8, 9]]> : tensor<3x3xi32>
    %start_indices = stablehlo.constant dense<[[2, 1], [0, 0]]> : tensor<2x2xi64>
    %result = "stablehlo.gather"(%operand, %start_indices) {
      dimension_numbers = #stablehlo.gather<
        offset_dims = [1, 2],
        collapsed_slice_dims = [],
        start_index_map = [0, 1],
        index_vector_dim = 1>,
      slice_sizes = array<i64: 1, 2>,
      indices_are_sorted = false
    } : (tensor<3x3xi32>, tensor<2x2xi64>) -> tensor<2x1x2xi32>
    check.expect_eq_const %result, dense<[[[8, 9]], [[1, 2]]]> : tensor<2x1x2xi32>
    func.return
  }
}
