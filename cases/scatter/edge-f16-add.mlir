// Case: spec/scatter/edge-f16-add
// f16 add with unique indices and exactly representable sums (1 + 2^-10, 65504 + 0).
module {
  func.func @main() {
    %input = stablehlo.constant dense<[1.0, 65504.0, -0.0]> : tensor<3xf16>
    %scatter_indices = stablehlo.constant dense<[[0], [1], [2]]> : tensor<3x1xi64>
    %update = stablehlo.constant dense<[0.0009765625, 0.0, -0.0]> : tensor<3xf16>
    %result = "stablehlo.scatter"(%input, %scatter_indices, %update) ({
      ^bb0(%arg0: tensor<f16>, %arg1: tensor<f16>):
        %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<f16>, tensor<f16>) -> tensor<f16>
        "stablehlo.return"(%0) : (tensor<f16>) -> ()
    }) {
      scatter_dimension_numbers = #stablehlo.scatter<
        update_window_dims = [],
        inserted_window_dims = [0],
        scatter_dims_to_operand_dims = [0],
        index_vector_dim = 1>,
      indices_are_sorted = false,
      unique_indices = false
    } : (tensor<3xf16>, tensor<3x1xi64>, tensor<3xf16>) -> tensor<3xf16>
    check.expect_eq_const %result, dense<[1.001, 65504.0, -0.0]> : tensor<3xf16>
    func.return
  }
}
