// Case: spec/dynamic_gather/edge-computed-slice-sizes
// slice_sizes computed when the program runs ([0, 1] + 1 = [1, 2]) on a 3x3 si32 operand;
// start index [2, 2] clamps to [2, 1].
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6], [7, 8, 9]]> : tensor<3x3xi32>
    %start_indices = stablehlo.constant dense<[[0, 0], [2, 2], [1, 1]]> : tensor<3x2xi64>
    %slice_sizes_base = stablehlo.constant dense<[0, 1]> : tensor<2xi64>
    %one = stablehlo.constant dense<[1, 1]> : tensor<2xi64>
    %slice_sizes = stablehlo.add %slice_sizes_base, %one : tensor<2xi64>
    %result = "stablehlo.dynamic_gather"(%operand, %start_indices, %slice_sizes) {
      dimension_numbers = #stablehlo.gather<
        offset_dims = [1],
        collapsed_slice_dims = [0],
        start_index_map = [0, 1],
        index_vector_dim = 1>,
      indices_are_sorted = false
    } : (tensor<3x3xi32>, tensor<3x2xi64>, tensor<2xi64>) -> tensor<3x2xi32>
    check.expect_eq_const %result, dense<[[1, 2], [8, 9], [5, 6]]> : tensor<3x2xi32>
    func.return
  }
}
