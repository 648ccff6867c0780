// Case: spec-invalid/broadcast_in_dim/invalid-c4-dims-repeat
// expect-invalid: broadcast_in_dim C4
// broadcast_dimensions repeats 1.
module {
  func.func @main(%arg0: tensor<2x2xf32>) -> tensor<2x2xf32> {
    %0 = "stablehlo.broadcast_in_dim"(%arg0) {broadcast_dimensions = array<i64: 1, 1>} : (tensor<2x2xf32>) -> tensor<2x2xf32>
    func.return %0 : tensor<2x2xf32>
  }
}
