// Case: spec/transpose/edge-rank3-cycle
// permutation [1, 2, 0] on 2x3x4: result[i, j, k] = operand[k, i, j].
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]], [[13, 14, 15, 16], [17, 18, 19, 20], [21, 22, 23, 24]]]> : tensor<2x3x4xi32>
    %result = "stablehlo.transpose"(%operand) {
      permutation = array<i64: 1, 2, 0>
    } : (tensor<2x3x4xi32>) -> tensor<3x4x2xi32>
    check.expect_eq_const %result, dense<[[[1, 13], [2, 14], [3, 15], [4, 16]], [[5, 17], [6, 18], [7, 19], [8, 20]], [[9, 21], [10, 22], [11, 23], [12, 24]]]> : tensor<3x4x2xi32>
    func.return
  }
}
