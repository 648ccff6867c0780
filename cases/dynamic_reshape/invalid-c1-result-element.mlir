// Case: spec-invalid/dynamic_reshape/invalid-c1-result-element
// expect-invalid: dynamic_reshape C1
// An f32 operand reshaped into f64.
module {
  func.func @main(%arg0: tensor<2x3xf32>, %arg1: tensor<1xi64>) -> tensor<6xf64> {
    %0 = "stablehlo.dynamic_reshape"(%arg0, %arg1) : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<6xf64>
    func.return %0 : tensor<6xf64>
  }
}
