// Case: spec/dynamic_gather/edge-clamp
// Start indices clamp to [0, dim - slice_size]: -3 -> 0 and 9 -> 2 for slices of 3 out of 5 (ui8 values,
// ui32 slice_sizes).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[10, 20, 30, 40, 250]> : tensor<5xui8>
    %start_indices = stablehlo.constant dense<[[-3], [9], [1]]> : tensor<3x1xi64>
    %slice_sizes = stablehlo.constant dense<[3]> : tensor<1xui32>
    %result = "stablehlo.dynamic_gather"(%operand, %start_indices, %slice_sizes) {
      dimension_numbers = #stablehlo.gather<
        offset_dims = [1],
        collapsed_slice_dims = [],
        start_index_map = [0],
        index_vector_dim = 1>,
      indices_are_sorted = false
    } : (tensor<5xui8>, tensor<3x1xi64>, tensor<1xui32>) -> tensor<3x3xui8>
    check.expect_eq_const %result, dense<[[10, 20, 30], [30, 40, 250], [20, 30, 40]]> : tensor<3x3xui8>
    func.return
  }
}
