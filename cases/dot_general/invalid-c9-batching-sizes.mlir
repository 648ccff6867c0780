// Case: spec-invalid/dot_general/invalid-c9-batching-sizes
// expect-invalid: dot_general C9
// The batching dimensions have sizes 2 (lhs) and 4 (rhs).
module {
  func.func @main(%arg0: tensor<2x3xf32>, %arg1: tensor<3x4xf32>) -> tensor<2xf32> {
    %0 = "stablehlo.dot_general"(%arg0, %arg1) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [1], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2xf32>
    func.return %0 : tensor<2xf32>
  }
}
