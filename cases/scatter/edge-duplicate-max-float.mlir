// Case: spec/scatter/edge-duplicate-max-float
// Duplicate indices with maximum on f32 (associative and commutative, so every schedule
// gives the same result, NaN included).
module {
  func.func @main() {
    %input = stablehlo.constant dense<[0.0, 5.0, -1.0]> : tensor<3xf32>
    %scatter_indices = stablehlo.constant dense<[[0], [0], [2], [2], [2], [1]]> : tensor<6x1xi64>
    %update = stablehlo.constant dense<[-3.0, 2.5, 0xFF800000, 0x7FC00000, 1.0, 4.0]> : tensor<6xf32>
    %result = "stablehlo.scatter"(%input, %scatter_indices, %update) ({
      ^bb0(%arg0: tensor<f32>, %arg1: tensor<f32>):
        %0 = "stablehlo.maximum"(%arg0, %arg1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
        "stablehlo.return"(%0) : (tensor<f32>) -> ()
    }) {
      scatter_dimension_numbers = #stablehlo.scatter<
        update_window_dims = [],
        inserted_window_dims = [0],
        scatter_dims_to_operand_dims = [0],
        index_vector_dim = 1>,
      indices_are_sorted = false,
      unique_indices = false
    } : (tensor<3xf32>, tensor<6x1xi64>, tensor<6xf32>) -> tensor<3xf32>
    check.expect_eq_const %result, dense<[2.5, 5.0, 0x7FC00000]> : tensor<3xf32>
    func.return
  }
}
