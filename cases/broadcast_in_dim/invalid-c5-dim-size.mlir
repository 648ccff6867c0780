// Case: spec-invalid/broadcast_in_dim/invalid-c5-dim-size
// expect-invalid: broadcast_in_dim C5
// Operand dimension 0 has size 3, result dimension 1 has 2.
module {
  func.func @main(%arg0: tensor<3xf32>) -> tensor<3x2xf32> {
    %0 = "stablehlo.broadcast_in_dim"(%arg0) {broadcast_dimensions = array<i64: 1>} : (tensor<3xf32>) -> tensor<3x2xf32>
    func.return %0 : tensor<3x2xf32>
  }
}
