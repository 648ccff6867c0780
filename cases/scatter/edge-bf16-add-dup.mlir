// Case: spec/scatter/edge-bf16-add-dup
// bf16 add with duplicate indices whose every partial sum is exact (small integers), so every
// schedule gives the same result.
module {
  func.func @main() {
    %input = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xbf16>
    %scatter_indices = stablehlo.constant dense<[[0], [0], [0], [1]]> : tensor<4x1xi64>
    %update = stablehlo.constant dense<[2.0, 4.0, 8.0, -2.0]> : tensor<4xbf16>
    %result = "stablehlo.scatter"(%input, %scatter_indices, %update) ({
      ^bb0(%arg0: tensor<bf16>, %arg1: tensor<bf16>):
        %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<bf16>, tensor<bf16>) -> tensor<bf16>
        "stablehlo.return"(%0) : (tensor<bf16>) -> ()
    }) {
      scatter_dimension_numbers = #stablehlo.scatter<
        update_window_dims = [],
        inserted_window_dims = [0],
        scatter_dims_to_operand_dims = [0],
        index_vector_dim = 1>,
      indices_are_sorted = false,
      unique_indices = false
    } : (tensor<2xbf16>, tensor<4x1xi64>, tensor<4xbf16>) -> tensor<2xbf16>
    check.expect_eq_const %result, dense<[15.0, 0.0]> : tensor<2xbf16>
    func.return
  }
}
