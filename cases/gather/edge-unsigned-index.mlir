// Case: spec/gather/edge-unsigned-index
// ui8 start indices: 200 clamps to dim - slice_size.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1, 2, 3, 4, 5, 6]> : tensor<6xi64>
    %start_indices = stablehlo.constant dense<[[200], [1]]> : tensor<2x1xui8>
    %result = "stablehlo.gather"(%operand, %start_indices) {
      dimension_numbers = #stablehlo.gather<
        offset_dims = [1],
        collapsed_slice_dims = [],
        start_index_map = [0],
        index_vector_dim = 1>,
      slice_sizes = array<i64: 3>,
      indices_are_sorted = false
    } : (tensor<6xi64>, tensor<2x1xui8>) -> tensor<2x3xi64>
    check.expect_eq_const %result, dense<[[4, 5, 6], [2, 3, 4]]> : tensor<2x3xi64>
    func.return
  }
}
