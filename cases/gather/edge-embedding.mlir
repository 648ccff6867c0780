// Case: spec/gather/edge-embedding
// An embedding lookup with index_vector_dim = rank(start_indices) (implicit trailing index vector):
// rows 3, 0, 3 of a 4x3 table (repeated indices are fine for gather).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [9.0, 10.0, 11.0]]> : tensor<4x3xf32>
    %start_indices = stablehlo.constant dense<[3, 0, 3]> : tensor<3xi32>
    %result = "stablehlo.gather"(%operand, %start_indices) {
      dimension_numbers = #stablehlo.gather<
        offset_dims = [1],
        collapsed_slice_dims = [0],
        start_index_map = [0],
        index_vector_dim = 1>,
      slice_sizes = array<i64: 1, 3>,
      indices_are_sorted = false
    } : (tensor<4x3xf32>, tensor<3xi32>) -> tensor<3x3xf32>
    check.expect_eq_const %result, dense<[[9.0, 10.0, 11.0], [0.0, 1.0, 2.0], [9.0, 10.0, 11.0]]> : tensor<3x3xf32>
    func.return
  }
}
