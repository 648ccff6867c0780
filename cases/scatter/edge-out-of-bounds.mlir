// Case: spec/scatter/edge-out-of-bounds
// Spec: an update whose result index is out of bounds is skipped. Indices -1, 4 and 100 on a
// size-4 input (scatter does not clamp, unlike gather); index 2 is applied.
module {
  func.func @main() {
    %input = stablehlo.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
    %scatter_indices = stablehlo.constant dense<[[-1], [4], [100], [2]]> : tensor<4x1xi64>
    %update = stablehlo.constant dense<[10, 20, 30, 40]> : tensor<4xi32>
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
    } : (tensor<4xi32>, tensor<4x1xi64>, tensor<4xi32>) -> tensor<4xi32>
    check.expect_eq_const %result, dense<[1, 2, 43, 4]> : tensor<4xi32>
    func.return
  }
}
