// Case: spec/reverse/edge-rank3-middle
// Reversing the middle dimension of 2x3x2.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[[1, 2], [3, 4], [5, 6]], [[7, 8], [9, 10], [11, 12]]]> : tensor<2x3x2xui8>
    %result = "stablehlo.reverse"(%operand) {
      dimensions = array<i64: 1>
    } : (tensor<2x3x2xui8>) -> tensor<2x3x2xui8>
    check.expect_eq_const %result, dense<[[[5, 6], [3, 4], [1, 2]], [[11, 12], [9, 10], [7, 8]]]> : tensor<2x3x2xui8>
    func.return
  }
}
