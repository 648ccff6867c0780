// Case: spec/reverse/edge-both-dims
// Reversing along both dimensions of 3x2 (dimensions [1, 0]).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi64>
    %result = "stablehlo.reverse"(%operand) {
      dimensions = array<i64: 1, 0>
    } : (tensor<3x2xi64>) -> tensor<3x2xi64>
    check.expect_eq_const %result, dense<[[6, 5], [4, 3], [2, 1]]> : tensor<3x2xi64>
    func.return
  }
}
