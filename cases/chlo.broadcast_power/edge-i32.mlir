// Case: spec/chlo.broadcast_power/edge-i32
// broadcast_power on i32: each base of a column to each exponent of a row (0^0 = 1).
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[[2], [3], [0]]> : tensor<3x1xi32>
    %rhs = stablehlo.constant dense<[0, 1, 3]> : tensor<3xi32>
    %result = chlo.broadcast_power %lhs, %rhs : (tensor<3x1xi32>, tensor<3xi32>) -> tensor<3x3xi32>
    check.expect_eq_const %result, dense<[[1, 2, 8], [1, 3, 27], [1, 0, 0]]> : tensor<3x3xi32>
    func.return
  }
}
