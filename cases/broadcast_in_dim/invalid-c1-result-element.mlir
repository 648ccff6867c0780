// Case: spec-invalid/broadcast_in_dim/invalid-c1-result-element
// expect-invalid: broadcast_in_dim C1
// An f32 operand broadcast into f64.
module {
  func.func @main(%arg0: tensor<2xf32>) -> tensor<3x2xf64> {
    %0 = "stablehlo.broadcast_in_dim"(%arg0) {broadcast_dimensions = array<i64: 1>} : (tensor<2xf32>) -> tensor<3x2xf64>
    func.return %0 : tensor<3x2xf64>
  }
}
