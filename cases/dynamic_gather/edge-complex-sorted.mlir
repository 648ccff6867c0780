// Case: spec/dynamic_gather/edge-complex-sorted
// complex<f32> operand with indices_are_sorted = true and sorted indices.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[(1.0, 2.0), (3.0, 4.0), (5.0, -0.0), (-1.0, 0.5)]> : tensor<4xcomplex<f32>>
    %start_indices = stablehlo.constant dense<[[0], [2]]> : tensor<2x1xi64>
    %slice_sizes = stablehlo.constant dense<[2]> : tensor<1xi64>
    %result = "stablehlo.dynamic_gather"(%operand, %start_indices, %slice_sizes) {
      dimension_numbers = #stablehlo.gather<
        offset_dims = [1],
        collapsed_slice_dims = [],
        start_index_map = [0],
        index_vector_dim = 1>,
      indices_are_sorted = true
    } : (tensor<4xcomplex<f32>>, tensor<2x1xi64>, tensor<1xi64>) -> tensor<2x2xcomplex<f32>>
    check.expect_eq_const %result, dense<[[(1.0, 2.0), (3.0, 4.0)], [(5.0, -0.0), (-1.0, 0.5)]]> : tensor<2x2xcomplex<f32>>
    func.return
  }
}
