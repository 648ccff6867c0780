// Case: spec-invalid/dot_general/invalid-c10-contracting-sizes
// expect-invalid: dot_general C10
// The contracting dimensions have sizes 3 (lhs) and 4 (rhs).
module {
  func.func @main(%arg0: tensor<2x3xf32>, %arg1: tensor<4x4xf32>) -> tensor<2x4xf32> {
    %0 = "stablehlo.dot_general"(%arg0, %arg1) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<2x3xf32>, tensor<4x4xf32>) -> tensor<2x4xf32>
    func.return %0 : tensor<2x4xf32>
  }
}
