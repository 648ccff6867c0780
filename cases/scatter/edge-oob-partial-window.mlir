// Case: spec/scatter/edge-oob-partial-window
// Spec: the in-bounds check is per update element (result_index), so for a window that sticks
// out past the end only its in-bounds elements are applied: window [10, 20, 30] at start 3 of a size-5 input
// updates positions 3 and 4. (XLA instead skips the whole window; the spec text is followed here.)
module {
  func.func @main() {
    %input = stablehlo.constant dense<[1, 2, 3, 4, 5]> : tensor<5xi32>
    %scatter_indices = stablehlo.constant dense<[[3]]> : tensor<1x1xi64>
    %update = stablehlo.constant dense<[[10, 20, 30]]> : tensor<1x3xi32>
    %result = "stablehlo.scatter"(%input, %scatter_indices, %update) ({
      ^bb0(%arg0: tensor<i32>, %arg1: tensor<i32>):
        %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<i32>, tensor<i32>) -> tensor<i32>
        "stablehlo.return"(%0) : (tensor<i32>) -> ()
    }) {
      scatter_dimension_numbers = #stablehlo.scatter<
        update_window_dims = [1],
        inserted_window_dims = [],
        scatter_dims_to_operand_dims = [0],
        index_vector_dim = 1>,
      indices_are_sorted = false,
      unique_indices = false
    } : (tensor<5xi32>, tensor<1x1xi64>, tensor<1x3xi32>) -> tensor<5xi32>
    check.expect_eq_const %result, dense<[1, 2, 3, 14, 25]> : tensor<5xi32>
    func.return
  }
}
