// Case: spec-invalid/atan2/invalid-c1-rhs-shape
// expect-invalid: atan2 C1
// rhs has another shape than lhs and the result.
module {
  func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<3xf32>) -> tensor<2xf32> {
    %0 = "stablehlo.atan2"(%arg0, %arg1) : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>
    func.return %0 : tensor<2xf32>
  }
}
