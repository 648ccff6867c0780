// Case: spec-invalid/clamp/invalid-c2-max-shape
// expect-invalid: clamp C2
// max is neither a scalar nor of operand's shape.
module {
  func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<2xf32>, %arg2: tensor<3xf32>) -> tensor<2xf32> {
    %0 = "stablehlo.clamp"(%arg0, %arg1, %arg2) : (tensor<2xf32>, tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>
    func.return %0 : tensor<2xf32>
  }
}
