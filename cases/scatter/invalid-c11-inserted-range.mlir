// Case: spec-invalid/scatter/invalid-c11-inserted-range
// expect-invalid: scatter C11
// inserted_window_dims [2] is out of range for a rank-2 input.
module {
  func.func @main(%arg0: tensor<3x4xf32>, %arg1: tensor<2x1xi64>, %arg2: tensor<2x4xf32>) -> tensor<3x4xf32> {
    %0 = "stablehlo.scatter"(%arg0, %arg1, %arg2) ({
    ^bb0(%a0: tensor<f32>, %a1: tensor<f32>):
      %r0 = "stablehlo.add"(%a0, %a1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%r0) : (tensor<f32>) -> ()
    }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [2], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<3x4xf32>, tensor<2x1xi64>, tensor<2x4xf32>) -> tensor<3x4xf32>
    func.return %0 : tensor<3x4xf32>
  }
}
