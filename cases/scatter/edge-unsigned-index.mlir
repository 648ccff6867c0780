// Case: spec/scatter/edge-unsigned-index
// ui32 scatter indices: 4294967295 is out of bounds (skipped), 1 is applied.
module {
  func.func @main() {
    %input = stablehlo.constant dense<[0, 0]> : tensor<2xi32>
    %scatter_indices = stablehlo.constant dense<[[4294967295], [1]]> : tensor<2x1xui32>
    %update = stablehlo.constant dense<[5, 7]> : tensor<2xi32>
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
    } : (tensor<2xi32>, tensor<2x1xui32>, tensor<2xi32>) -> tensor<2xi32>
    check.expect_eq_const %result, dense<[0, 7]> : tensor<2xi32>
    func.return
  }
}
