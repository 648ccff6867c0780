// Case: spec/chlo.broadcast_add/edge-broadcast-dimensions
// broadcast_add with broadcast_dimensions = [0]: the lower-rank operand runs along result
// dimension 0 (one value per row); size-1 dimensions stretch.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
    %rhs = stablehlo.constant dense<[0.5, -0.5]> : tensor<2xf32>
    %result = chlo.broadcast_add %lhs, %rhs {broadcast_dimensions = array<i64: 0>} : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x3xf32>
    check.expect_eq_const %result, dense<[[1.5, 2.5, 3.5], [3.5, 4.5, 5.5]]> : tensor<2x3xf32>
    func.return
  }
}
