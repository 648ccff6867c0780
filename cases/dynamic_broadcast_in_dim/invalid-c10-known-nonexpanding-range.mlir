// Case: spec-invalid/dynamic_broadcast_in_dim/invalid-c10-known-nonexpanding-range
// expect-invalid: dynamic_broadcast_in_dim C10
// known_nonexpanding_dimensions [1] is out of range for a rank-1 operand.
module {
  func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<2xi64>) -> tensor<3x2xf32> {
    %0 = "stablehlo.dynamic_broadcast_in_dim"(%arg0, %arg1) {broadcast_dimensions = array<i64: 1>, known_nonexpanding_dimensions = array<i64: 1>} : (tensor<2xf32>, tensor<2xi64>) -> tensor<3x2xf32>
    func.return %0 : tensor<3x2xf32>
  }
}
