// Case: spec/slice/edge-strided
// Strides > 1: start [0, 2], limit [3, 6], strides [2, 3] on 3x6 -> 2x2.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[0, 1, 2, 3, 4, 5], [6, 7, 8, 9, 10, 11], [12, 13, 14, 15, 16, 17]]> : tensor<3x6xi64>
    %result = "stablehlo.slice"(%operand) {
      start_indices = array<i64: 0, 2>,
      limit_indices = array<i64: 3, 6>,
      strides = array<i64: 2, 3>
    } : (tensor<3x6xi64>) -> tensor<2x2xi64>
    check.expect_eq_const %result, dense<[[2, 5], [14, 17]]> : tensor<2x2xi64>
    func.return
  }
}
