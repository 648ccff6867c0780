// Case: spec/reverse/example-1
// From the spec's `reverse` example (si32, 3x2 reversed along dimension 1).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi32>
    %result = "stablehlo.reverse"(%operand) {
      dimensions = array<i64: 1>
    } : (tensor<3x2xi32>) -> tensor<3x2xi32>
    check.expect_eq_const %result, dense<[[2, 1], [4, 3], [6, 5]]> : tensor<3x2xi32>
    func.return
  }
}
