// Case: spec-invalid/dot_general/invalid-c4-rhs-repeat
// expect-invalid: dot_general C4
// Dimension 0 of rhs is both a batching and a contracting dimension.
module {
  func.func @main(%arg0: tensor<2x3xf32>, %arg1: tensor<3x4xf32>) -> tensor<2x4xf32> {
    %0 = "stablehlo.dot_general"(%arg0, %arg1) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
    func.return %0 : tensor<2x4xf32>
  }
}
