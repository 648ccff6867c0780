// Case: spec/chlo.broadcast_atan2/edge-f32
// broadcast_atan2 of a 2x2 tensor against a row, each result correctly rounded.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[[1.0, -1.0], [0.0, 2.0]]> : tensor<2x2xf32>
    %rhs = stablehlo.constant dense<[1.0, -2.0]> : tensor<2xf32>
    %result = chlo.broadcast_atan2 %lhs, %rhs : (tensor<2x2xf32>, tensor<2xf32>) -> tensor<2x2xf32>
    check.expect_eq_const %result, dense<[[0.7853982, -2.6779451], [0.0, 2.3561945]]> : tensor<2x2xf32>
    func.return
  }
}
