// Case: spec/gather/edge-offset-dims-first
// offset_dims before the batch dimension: offset_dims = [0], batch dimension is result dim 1.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]> : tensor<3x4xi32>
    %start_indices = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
    %result = "stablehlo.gather"(%operand, %start_indices) {
      dimension_numbers = #stablehlo.gather<
        offset_dims = [0],
        collapsed_slice_dims = [0],
        start_index_map = [0],
        index_vector_dim = 1>,
      slice_sizes = array<i64: 1, 4>,
      indices_are_sorted = false
    } : (tensor<3x4xi32>, tensor<2xi64>) -> tensor<4x2xi32>
    check.expect_eq_const %result, dense<[[5, 9], [6, 10], [7, 11], [8, 12]]> : tensor<4x2xi32>
    func.return
  }
}
