// Case: spec/chlo.broadcast_shift_right_arithmetic/edge-i32
// broadcast_shift_right_arithmetic: the sign fills; shifts of 32 or more give 0 or -1.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[[-16], [16]]> : tensor<2x1xi32>
    %rhs = stablehlo.constant dense<[1, 4, 40]> : tensor<3xi32>
    %result = chlo.broadcast_shift_right_arithmetic %lhs, %rhs : (tensor<2x1xi32>, tensor<3xi32>) -> tensor<2x3xi32>
    check.expect_eq_const %result, dense<[[-8, -1, -1], [8, 1, 0]]> : tensor<2x3xi32>
    func.return
  }
}
