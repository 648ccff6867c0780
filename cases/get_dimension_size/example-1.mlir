// Case: spec/get_dimension_size/example-1
// From the spec's `get_dimension_size` example (2x3xi64, dimension 1 -> 3).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi64>
    %result = "stablehlo.get_dimension_size"(%operand) {
      dimension = 1 : i64
    } : (tensor<2x3xi64>) -> tensor<i32>
    check.expect_eq_const %result, dense<3> : tensor<i32>
    func.return
  }
}
