// Case: spec/scatter/edge-duplicate-add-int
// Duplicate indices with integer add (order-independent): index 1 is hit three times,
// index 3 twice.
module {
  func.func @main() {
    %input = stablehlo.constant dense<[0, 100, 200, 300]> : tensor<4xi32>
    %scatter_indices = stablehlo.constant dense<[[1], [3], [1], [1], [3]]> : tensor<5x1xi64>
    %update = stablehlo.constant dense<[1, 2, 4, 8, 16]> : tensor<5xi32>
    %result = "stablehlo.scatter"(%input, %scatter_indices, %update) ({
      ^bb0(%arg0: tensor<i32>, %arg1: tensor<i32>):
        %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<i32>, tensor<i32>) -> tensor<i32>
        "stablehlo.return"(%0) : (tensor<i32>) -> ()
    }) {
      scatter_dimension_numbers = #stablehlo.scatter<
        update_window_dims = [],
        inserted_window_dims = [0],
        scatter_dims_to_operand_dims = [0],
        index_vector_dim = 1>,
      indices_are_sorted = false,
      unique_indices = false
    } : (tensor<4xi32>, tensor<5x1xi64>, tensor<5xi32>) -> tensor<4xi32>
    check.expect_eq_const %result, dense<[0, 113, 200, 318]> : tensor<4xi32>
    func.return
  }
}
