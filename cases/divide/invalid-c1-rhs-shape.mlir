// Case: spec-invalid/divide/invalid-c1-rhs-shape
// expect-invalid: divide C1
// rhs has another shape than lhs and the result.
module {
  func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<3xf32>) -> tensor<2xf32> {
    %0 = "stablehlo.divide"(%arg0, %arg1) : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>
    func.return %0 : tensor<2xf32>
  }
}
