// Case: spec/broadcast_in_dim/edge-permuted-dims
// broadcast_dimensions need not be increasing: [1, 0] maps operand dim 0 to result dim 1,
// so result[i, j] = operand[j, i] (a transpose).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
    %result = "stablehlo.broadcast_in_dim"(%operand) {
      broadcast_dimensions = array<i64: 1, 0>
    } : (tensor<2x3xi32>) -> tensor<3x2xi32>
    check.expect_eq_const %result, dense<[[1, 4], [2, 5], [3, 6]]> : tensor<3x2xi32>
    func.return
  }
}
