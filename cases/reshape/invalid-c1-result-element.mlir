// Case: spec-invalid/reshape/invalid-c1-result-element
// expect-invalid: reshape C1
// An f32 operand reshaped into f64.
module {
  func.func @main(%arg0: tensor<2x3xf32>) -> tensor<6xf64> {
    %0 = "stablehlo.reshape"(%arg0) : (tensor<2x3xf32>) -> tensor<6xf64>
    func.return %0 : tensor<6xf64>
  }
}
