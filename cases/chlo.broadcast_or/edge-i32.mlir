// Case: spec/chlo.broadcast_or/edge-i32
// broadcast_or of a 2x3 tensor with a row, trailing dimensions aligned.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[[12, 10, 7], [0, -3, 5]]> : tensor<2x3xi32>
    %rhs = stablehlo.constant dense<[1, 2, 4]> : tensor<3xi32>
    %result = chlo.broadcast_or %lhs, %rhs : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
    check.expect_eq_const %result, dense<[[13, 10, 7], [1, -1, 5]]> : tensor<2x3xi32>
    func.return
  }
}
