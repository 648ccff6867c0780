// Case: spec-invalid/dynamic_broadcast_in_dim/invalid-c8-known-overlap
// expect-invalid: dynamic_broadcast_in_dim C8
// Dimension 0 is known both expanding and not expanding.
module {
  func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<2xi64>) -> tensor<3x2xf32> {
    %0 = "stablehlo.dynamic_broadcast_in_dim"(%arg0, %arg1) {broadcast_dimensions = array<i64: 1>, known_expanding_dimensions = array<i64: 0>, known_nonexpanding_dimensions = array<i64: 0>} : (tensor<2xf32>, tensor<2xi64>) -> tensor<3x2xf32>
    func.return %0 : tensor<3x2xf32>
  }
}
