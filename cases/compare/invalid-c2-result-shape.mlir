// Case: spec-invalid/compare/invalid-c2-result-shape
// expect-invalid: compare C2
// The result has another shape than lhs and rhs.
module {
  func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<2xf32>) -> tensor<3xi1> {
    %0 = "stablehlo.compare"(%arg0, %arg1) {comparison_direction = #stablehlo<comparison_direction EQ>} : (tensor<2xf32>, tensor<2xf32>) -> tensor<3xi1>
    func.return %0 : tensor<3xi1>
  }
}
