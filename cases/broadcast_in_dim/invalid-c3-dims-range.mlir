// Case: spec-invalid/broadcast_in_dim/invalid-c3-dims-range
// expect-invalid: broadcast_in_dim C3
// broadcast_dimensions names dimension 2 of a rank-2 result.
module {
  func.func @main(%arg0: tensor<2xf32>) -> tensor<3x2xf32> {
    %0 = "stablehlo.broadcast_in_dim"(%arg0) {broadcast_dimensions = array<i64: 2>} : (tensor<2xf32>) -> tensor<3x2xf32>
    func.return %0 : tensor<3x2xf32>
  }
}
