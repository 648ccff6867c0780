// Case: spec/dynamic_gather/edge-i32-slice-sizes
// slice_sizes given as an si32 tensor; an embedding lookup of rows 2, 0, 2 of a 3x4 f32 table.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]]> : tensor<3x4xf32>
    %start_indices = stablehlo.constant dense<[2, 0, 2]> : tensor<3xi64>
    %slice_sizes = stablehlo.constant dense<[1, 4]> : tensor<2xi32>
    %result = "stablehlo.dynamic_gather"(%operand, %start_indices, %slice_sizes) {
      dimension_numbers = #stablehlo.gather<
        offset_dims = [1],
        collapsed_slice_dims = [0],
        start_index_map = [0],
        index_vector_dim = 1>,
      indices_are_sorted = false
    } : (tensor<3x4xf32>, tensor<3xi64>, tensor<2xi32>) -> tensor<3x4xf32>
    check.expect_eq_const %result, dense<[[8.0, 9.0, 10.0, 11.0], [0.0, 1.0, 2.0, 3.0], [8.0, 9.0, 10.0, 11.0]]> : tensor<3x4xf32>
    func.return
  }
}
