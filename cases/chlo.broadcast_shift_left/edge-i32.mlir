// Case: spec/chlo.broadcast_shift_left/edge-i32
// broadcast_shift_left: shifts of 32 or more give 0.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[[1], [-1], [5]]> : tensor<3x1xi32>
    %rhs = stablehlo.constant dense<[0, 4, 31, 32]> : tensor<4xi32>
    %result = chlo.broadcast_shift_left %lhs, %rhs : (tensor<3x1xi32>, tensor<4xi32>) -> tensor<3x4xi32>
    check.expect_eq_const %result, dense<[[1, 16, -2147483648, 0], [-1, -16, -2147483648, 0], [5, 80, -2147483648, 0]]> : tensor<3x4xi32>
    func.return
  }
}
