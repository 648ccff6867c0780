// Case: spec/scatter/edge-empty-updates
// Zero updates leave the input unchanged (scatter_indices 0x1, updates 0).
module {
  func.func @main() {
    %input = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
    %scatter_indices = stablehlo.constant dense<> : tensor<0x1xi64>
    %update = stablehlo.constant dense<> : tensor<0xi32>
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
    } : (tensor<3xi32>, tensor<0x1xi64>, tensor<0xi32>) -> tensor<3xi32>
    check.expect_eq_const %result, dense<[1, 2, 3]> : tensor<3xi32>
    func.return
  }
}
