// Case: spec-invalid/compare/invalid-c1-rhs-element
// expect-invalid: compare C1
// lhs is f32, rhs f64.
module {
  func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<2xf64>) -> tensor<2xi1> {
    %0 = "stablehlo.compare"(%arg0, %arg1) {comparison_direction = #stablehlo<comparison_direction EQ>} : (tensor<2xf32>, tensor<2xf64>) -> tensor<2xi1>
    func.return %0 : tensor<2xi1>
  }
}
