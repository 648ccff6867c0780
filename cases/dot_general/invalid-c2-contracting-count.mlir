// Case: spec-invalid/dot_general/invalid-c2-contracting-count
// expect-invalid: dot_general C2
// One lhs contracting dimension, no rhs contracting dimension.
module {
  func.func @main(%arg0: tensor<2x3xf32>, %arg1: tensor<3x4xf32>) -> tensor<2x4xf32> {
    %0 = "stablehlo.dot_general"(%arg0, %arg1) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = []>} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
    func.return %0 : tensor<2x4xf32>
  }
}
