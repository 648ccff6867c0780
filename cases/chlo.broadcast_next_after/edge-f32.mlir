// Case: spec/chlo.broadcast_next_after/edge-f32
// broadcast_next_after: one step from each x towards the scalar y = 2 (and from 2 itself, none).
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[1.0, 2.0, 3.0, 0.0]> : tensor<4xf32>
    %rhs = stablehlo.constant dense<2.0> : tensor<f32>
    %result = chlo.broadcast_next_after %lhs, %rhs : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
    check.expect_eq_const %result, dense<[1.0000001, 2.0, 2.9999998, 0x00000001]> : tensor<4xf32>
    func.return
  }
}
