// Case: spec-invalid/dynamic_broadcast_in_dim/invalid-c2-dims-size
// expect-invalid: dynamic_broadcast_in_dim C2
// broadcast_dimensions has 2 entries for a rank-1 operand.
module {
  func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<2xi64>) -> tensor<3x2xf32> {
    %0 = "stablehlo.dynamic_broadcast_in_dim"(%arg0, %arg1) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<2xf32>, tensor<2xi64>) -> tensor<3x2xf32>
    func.return %0 : tensor<3x2xf32>
  }
}
