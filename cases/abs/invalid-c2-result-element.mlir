// Case: spec-invalid/abs/invalid-c2-result-element
// expect-invalid: abs C2
// An f32 operand with an f64 result: the result element type must be the operand's.
module {
  func.func @main(%arg0: tensor<2xf32>) -> tensor<2xf64> {
    %0 = "stablehlo.abs"(%arg0) : (tensor<2xf32>) -> tensor<2xf64>
    func.return %0 : tensor<2xf64>
  }
}
