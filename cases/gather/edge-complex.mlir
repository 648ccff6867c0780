// Case: spec/gather/edge-complex
// gather on complex<f32>.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[(1.0, 2.0), (3.0, 4.0), (5.0, -0.0)]> : tensor<3xcomplex<f32>>
    %start_indices = stablehlo.constant dense<[[2], [0]]> : tensor<2x1xi64>
    %result = "stablehlo.gather"(%operand, %start_indices) {
      dimension_numbers = #stablehlo.gather<
        offset_dims = [],
        collapsed_slice_dims = [0],
        start_index_map = [0],
        index_vector_dim = 1>,
      slice_sizes = array<i64: 1>,
      indices_are_sorted = false
    } : (tensor<3xcomplex<f32>>, tensor<2x1xi64>) -> tensor<2xcomplex<f32>>
    check.expect_eq_const %result, dense<[(5.0, -0.0), (1.0, 2.0)]> : tensor<2xcomplex<f32>>
    func.return
  }
}
