// Case: spec-invalid/clamp/invalid-c3-min-element
// expect-invalid: clamp C3
// min is f64, operand and max f32.
module {
  func.func @main(%arg0: tensor<2xf64>, %arg1: tensor<2xf32>, %arg2: tensor<2xf32>) -> tensor<2xf32> {
    %0 = "stablehlo.clamp"(%arg0, %arg1, %arg2) : (tensor<2xf64>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    func.return %0 : tensor<2xf32>
  }
}
