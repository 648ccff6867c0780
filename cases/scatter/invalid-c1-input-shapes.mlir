// Case: spec-invalid/scatter/invalid-c1-input-shapes
// expect-invalid: scatter C1
// The inputs are 3x4 and 3x5.
module {
  func.func @main(%arg0: tensor<3x4xf32>, %arg1: tensor<3x5xf32>, %arg2: tensor<2x1xi64>, %arg3: tensor<2x4xf32>, %arg4: tensor<2x4xf32>) -> (tensor<3x4xf32>, tensor<3x5xf32>) {
    %0:2 = "stablehlo.scatter"(%arg0, %arg1, %arg2, %arg3, %arg4) ({
    ^bb0(%a0: tensor<f32>, %a1: tensor<f32>, %a2: tensor<f32>, %a3: tensor<f32>):
      %r0 = "stablehlo.add"(%a0, %a2) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      %r1 = "stablehlo.add"(%a1, %a3) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%r0, %r1) : (tensor<f32>, tensor<f32>) -> ()
    }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<3x4xf32>, tensor<3x5xf32>, tensor<2x1xi64>, tensor<2x4xf32>, tensor<2x4xf32>) -> (tensor<3x4xf32>, tensor<3x5xf32>)
    func.return %0#0, %0#1 : tensor<3x4xf32>, tensor<3x5xf32>
  }
}
