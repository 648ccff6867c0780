// Case: spec-invalid/scatter/invalid-c23-computation-type
// expect-invalid: scatter C23
// The update computation and the result are i32 for f32 inputs (f32 does not promote to i32).
module {
  func.func @main(%arg0: tensor<3x4xf32>, %arg1: tensor<2x1xi64>, %arg2: tensor<2x4xf32>) -> tensor<3x4xi32> {
    %0 = "stablehlo.scatter"(%arg0, %arg1, %arg2) ({
    ^bb0(%a0: tensor<i32>, %a1: tensor<i32>):
      %r0 = "stablehlo.add"(%a0, %a1) : (tensor<i32>, tensor<i32>) -> tensor<i32>
      "stablehlo.return"(%r0) : (tensor<i32>) -> ()
    }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<3x4xf32>, tensor<2x1xi64>, tensor<2x4xf32>) -> tensor<3x4xi32>
    func.return %0 : tensor<3x4xi32>
  }
}
