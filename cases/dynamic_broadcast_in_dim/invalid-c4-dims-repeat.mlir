// Case: spec-invalid/dynamic_broadcast_in_dim/invalid-c4-dims-repeat
// expect-invalid: dynamic_broadcast_in_dim C4
// broadcast_dimensions repeats 1.
module {
  func.func @main(%arg0: tensor<2x2xf32>, %arg1: tensor<2xi64>) -> tensor<2x2xf32> {
    %0 = "stablehlo.dynamic_broadcast_in_dim"(%arg0, %arg1) {broadcast_dimensions = array<i64: 1, 1>} : (tensor<2x2xf32>, tensor<2xi64>) -> tensor<2x2xf32>
    func.return %0 : tensor<2x2xf32>
  }
}
