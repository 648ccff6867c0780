// Case: spec/gather/edge-empty-indices
// Zero start indices give an empty result (start_indices 0x1).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
    %start_indices = stablehlo.constant dense<> : tensor<0x1xi64>
    %result = "stablehlo.gather"(%operand, %start_indices) {
      dimension_numbers = #stablehlo.gather<
        offset_dims = [1],
        collapsed_slice_dims = [],
        start_index_map = [0],
        index_vector_dim = 1>,
      slice_sizes = array<i64: 2>,
      indices_are_sorted = false
    } : (tensor<3xf32>, tensor<0x1xi64>) -> tensor<0x2xf32>
    check.expect_eq_const %result, dense<> : tensor<0x2xf32>
    func.return
  }
}
