// Case: spec-invalid/dynamic_broadcast_in_dim/invalid-c5-dim-size
// expect-invalid: dynamic_broadcast_in_dim C5
// Operand dimension 0 has size 3, result dimension 1 has 2.
module {
  func.func @main(%arg0: tensor<3xf32>, %arg1: tensor<2xi64>) -> tensor<3x2xf32> {
    %0 = "stablehlo.dynamic_broadcast_in_dim"(%arg0, %arg1) {broadcast_dimensions = array<i64: 1>} : (tensor<3xf32>, tensor<2xi64>) -> tensor<3x2xf32>
    func.return %0 : tensor<3x2xf32>
  }
}
