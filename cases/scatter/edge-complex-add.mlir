// Case: spec/scatter/edge-complex-add
// complex<f32> add with unique indices (exact sums).
module {
  func.func @main() {
    %input = stablehlo.constant dense<[(1.0, 2.0), (3.0, 4.0)]> : tensor<2xcomplex<f32>>
    %scatter_indices = stablehlo.constant dense<[[1]]> : tensor<1x1xi64>
    %update = stablehlo.constant dense<[(0.5, -4.0)]> : tensor<1xcomplex<f32>>
    %result = "stablehlo.scatter"(%input, %scatter_indices, %update) ({
      ^bb0(%arg0: tensor<complex<f32>>, %arg1: tensor<complex<f32>>):
        %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<complex<f32>>, tensor<complex<f32>>) -> tensor<complex<f32>>
        "stablehlo.return"(%0) : (tensor<complex<f32>>) -> ()
    }) {
      scatter_dimension_numbers = #stablehlo.scatter<
        update_window_dims = [],
        inserted_window_dims = [0],
        scatter_dims_to_operand_dims = [0],
        index_vector_dim = 1>,
      indices_are_sorted = false,
      unique_indices = false
    } : (tensor<2xcomplex<f32>>, tensor<1x1xi64>, tensor<1xcomplex<f32>>) -> tensor<2xcomplex<f32>>
    check.expect_eq_const %result, dense<[(1.0, 2.0), (3.5, 0.0)]> : tensor<2xcomplex<f32>>
    func.return
  }
}
