// Case: spec-invalid/dot_general/invalid-c12-result-shape
// expect-invalid: dot_general C12
// The product is 2x4, the result says 2x5.
module {
  func.func @main(%arg0: tensor<2x3xf32>, %arg1: tensor<3x4xf32>) -> tensor<2x5xf32> {
    %0 = "stablehlo.dot_general"(%arg0, %arg1) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x5xf32>
    func.return %0 : tensor<2x5xf32>
  }
}
