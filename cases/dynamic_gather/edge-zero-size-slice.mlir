// Case: spec/dynamic_gather/edge-zero-size-slice
// A slice size of 0 in an offset dimension gives an empty result (2x0 slices of a 2x3 operand).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
    %start_indices = stablehlo.constant dense<[[0], [1]]> : tensor<2x1xi64>
    %slice_sizes = stablehlo.constant dense<[2, 0]> : tensor<2xi64>
    %result = "stablehlo.dynamic_gather"(%operand, %start_indices, %slice_sizes) {
      dimension_numbers = #stablehlo.gather<
        offset_dims = [1, 2],
        collapsed_slice_dims = [],
        start_index_map = [0],
        index_vector_dim = 1>,
      indices_are_sorted = false
    } : (tensor<2x3xf32>, tensor<2x1xi64>, tensor<2xi64>) -> tensor<2x2x0xf32>
    check.expect_eq_const %result, dense<> : tensor<2x2x0xf32>
    func.return
  }
}
