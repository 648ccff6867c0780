// Case: spec/chlo.broadcast_remainder/edge-i32
// broadcast_remainder on i32 takes the sign of the dividend: -3 rem 2 = -1.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[[12, 10, 7], [0, -3, 5]]> : tensor<2x3xi32>
    %rhs = stablehlo.constant dense<[5, 4, 2]> : tensor<3xi32>
    %result = chlo.broadcast_remainder %lhs, %rhs : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
    check.expect_eq_const %result, dense<[[2, 2, 1], [0, -3, 1]]> : tensor<2x3xi32>
    func.return
  }
}
