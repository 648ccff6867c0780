// Case: spec/get_dimension_size/edge-dim0
// Dimension 0 of a 2x3 tensor is 2.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[0, 0, 0], [0, 0, 0]]> : tensor<2x3xi64>
    %result = "stablehlo.get_dimension_size"(%operand) {
      dimension = 0 : i64
    } : (tensor<2x3xi64>) -> tensor<i32>
    check.expect_eq_const %result, dense<2> : tensor<i32>
    func.return
  }
}
