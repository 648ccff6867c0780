// Case: spec-invalid/dynamic_broadcast_in_dim/invalid-c3-dims-range
// expect-invalid: dynamic_broadcast_in_dim C3
// broadcast_dimensions names dimension 2 of a rank-2 result.
module {
  func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<2xi64>) -> tensor<3x2xf32> {
    %0 = "stablehlo.dynamic_broadcast_in_dim"(%arg0, %arg1) {broadcast_dimensions = array<i64: 2>} : (tensor<2xf32>, tensor<2xi64>) -> tensor<3x2xf32>
    func.return %0 : tensor<3x2xf32>
  }
}
