// Case: spec/scatter/edge-replace
// An update computation that returns the update (overwrite), with unique indices; unique_indices = true.
module {
  func.func @main() {
    %input = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
    %scatter_indices = stablehlo.constant dense<[[1], [0]]> : tensor<2x1xi64>
    %update = stablehlo.constant dense<[[-0.0, 0x7F800000], [5.0, 6.0]]> : tensor<2x2xf32>
    %result = "stablehlo.scatter"(%input, %scatter_indices, %update) ({
      ^bb0(%arg0: tensor<f32>, %arg1: tensor<f32>):
        "stablehlo.return"(%arg1) : (tensor<f32>) -> ()
    }) {
      scatter_dimension_numbers = #stablehlo.scatter<
        update_window_dims = [1],
        inserted_window_dims = [0],
        scatter_dims_to_operand_dims = [0],
        index_vector_dim = 1>,
      indices_are_sorted = false,
      unique_indices = true
    } : (tensor<2x2xf32>, tensor<2x1xi64>, tensor<2x2xf32>) -> tensor<2x2xf32>
    check.expect_eq_const %result, dense<[[5.0, 6.0], [-0.0, 0x7F800000]]> : tensor<2x2xf32>
    func.return
  }
}
