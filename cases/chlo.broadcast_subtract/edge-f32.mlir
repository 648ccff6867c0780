// Case: spec/chlo.broadcast_subtract/edge-f32
// broadcast_subtract of a row from each row of a 2x3 tensor.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
    %rhs = stablehlo.constant dense<[0.5, 1.0, 1.5]> : tensor<3xf32>
    %result = chlo.broadcast_subtract %lhs, %rhs : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
    check.expect_eq_const %result, dense<[[0.5, 1.0, 1.5], [3.5, 4.0, 4.5]]> : tensor<2x3xf32>
    func.return
  }
}
