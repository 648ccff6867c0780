// Case: spec/reshape/edge-flatten
// Row-major order is kept: 2x3x2 -> 12.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[[1, 2], [3, 4], [5, 6]], [[7, 8], [9, 10], [11, 12]]]> : tensor<2x3x2xi64>
    %result = "stablehlo.reshape"(%operand) : (tensor<2x3x2xi64>) -> tensor<12xi64>
    check.expect_eq_const %result, dense<[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]> : tensor<12xi64>
    func.return
  }
}
