// Case: spec/chlo.broadcast_minimum/edge-f32
// broadcast_minimum of a column-shaped 2x1 tensor and a row: size-1 dimensions stretch both ways.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[[1.5], [-2.0]]> : tensor<2x1xf32>
    %rhs = stablehlo.constant dense<[0.0, -3.0, 2.0]> : tensor<3xf32>
    %result = chlo.broadcast_minimum %lhs, %rhs : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xf32>
    check.expect_eq_const %result, dense<[[0.0, -3.0, 1.5], [-2.0, -3.0, -2.0]]> : tensor<2x3xf32>
    func.return
  }
}
