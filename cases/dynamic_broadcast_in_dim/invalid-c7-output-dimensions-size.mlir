// Case: spec-invalid/dynamic_broadcast_in_dim/invalid-c7-output-dimensions-size
// expect-invalid: dynamic_broadcast_in_dim C7
// output_dimensions has 3 elements for a rank-2 result.
module {
  func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<3xi64>) -> tensor<3x2xf32> {
    %0 = "stablehlo.dynamic_broadcast_in_dim"(%arg0, %arg1) {broadcast_dimensions = array<i64: 1>} : (tensor<2xf32>, tensor<3xi64>) -> tensor<3x2xf32>
    func.return %0 : tensor<3x2xf32>
  }
}
