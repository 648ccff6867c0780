// Case: spec/scatter/edge-implicit-index-vector
// index_vector_dim = rank(scatter_indices) = 1: each index is a scalar; updates of 2x2 rows
// into a 3x2 input (update_window_dims = [1]).
module {
  func.func @main() {
    %input = stablehlo.constant dense<[[0, 0], [0, 0], [0, 0]]> : tensor<3x2xi64>
    %scatter_indices = stablehlo.constant dense<[2, 0]> : tensor<2xi64>
    %update = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>
    %result = "stablehlo.scatter"(%input, %scatter_indices, %update) ({
      ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>):
        %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<i64>, tensor<i64>) -> tensor<i64>
        "stablehlo.return"(%0) : (tensor<i64>) -> ()
    }) {
      scatter_dimension_numbers = #stablehlo.scatter<
        update_window_dims = [1],
        inserted_window_dims = [0],
        scatter_dims_to_operand_dims = [0],
        index_vector_dim = 1>,
      indices_are_sorted = false,
      unique_indices = false
    } : (tensor<3x2xi64>, tensor<2xi64>, tensor<2x2xi64>) -> tensor<3x2xi64>
    check.expect_eq_const %result, dense<[[3, 4], [0, 0], [1, 2]]> : tensor<3x2xi64>
    func.return
  }
}
