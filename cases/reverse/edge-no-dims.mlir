// Case: spec/reverse/edge-no-dims
// dimensions = [] leaves the tensor unchanged.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
    %result = "stablehlo.reverse"(%operand) {
      dimensions = array<i64>
    } : (tensor<2x2xi32>) -> tensor<2x2xi32>
    check.expect_eq_const %result, dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
    func.return
  }
}
