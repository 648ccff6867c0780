// Case: spec/chlo.broadcast_divide/edge-i32
// broadcast_divide on i32 rounds toward zero: -3 / 2 = -1; the divisor row broadcasts.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[[12, 10, 7], [0, -3, 5]]> : tensor<2x3xi32>
    %rhs = stablehlo.constant dense<[2, -4, 3]> : tensor<3xi32>
    %result = chlo.broadcast_divide %lhs, %rhs : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
    check.expect_eq_const %result, dense<[[6, -2, 2], [0, 0, 1]]> : tensor<2x3xi32>
    func.return
  }
}
