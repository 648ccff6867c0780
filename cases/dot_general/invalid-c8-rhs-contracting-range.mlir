// Case: spec-invalid/dot_general/invalid-c8-rhs-contracting-range
// expect-invalid: dot_general C8
// rhs_contracting_dimensions [2] is out of range for a rank-2 rhs.
module {
  func.func @main(%arg0: tensor<2x3xf32>, %arg1: tensor<3x4xf32>) -> tensor<2x4xf32> {
    %0 = "stablehlo.dot_general"(%arg0, %arg1) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [2]>} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
    func.return %0 : tensor<2x4xf32>
  }
}
