// Case: spec/chlo.broadcast_shift_right_logical/edge-i32
// broadcast_shift_right_logical: zeros fill; shifts of 32 or more give 0.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[[-16], [16]]> : tensor<2x1xi32>
    %rhs = stablehlo.constant dense<[1, 28, 32]> : tensor<3xi32>
    %result = chlo.broadcast_shift_right_logical %lhs, %rhs : (tensor<2x1xi32>, tensor<3xi32>) -> tensor<2x3xi32>
    check.expect_eq_const %result, dense<[[2147483640, 15, 0], [8, 0, 0]]> : tensor<2x3xi32>
    func.return
  }
}
