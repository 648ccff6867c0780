// Case: spec/transpose/edge-rank4
// permutation [3, 1, 0, 2] on 2x1x3x2.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[[[1, 2], [3, 4], [5, 6]]], [[[7, 8], [9, 10], [11, 12]]]]> : tensor<2x1x3x2xui32>
    %result = "stablehlo.transpose"(%operand) {
      permutation = array<i64: 3, 1, 0, 2>
    } : (tensor<2x1x3x2xui32>) -> tensor<2x1x2x3xui32>
    check.expect_eq_const %result, dense<[[[[1, 3, 5], [7, 9, 11]]], [[[2, 4, 6], [8, 10, 12]]]]> : tensor<2x1x2x3xui32>
    func.return
  }
}
