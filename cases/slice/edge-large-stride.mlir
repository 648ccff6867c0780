// Case: spec/slice/edge-large-stride
// A stride larger than the dimension takes just the start element.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[1, 2, 3, 4, 5], [6, 7, 8, 9, 10]]> : tensor<2x5xi32>
    %result = "stablehlo.slice"(%operand) {
      start_indices = array<i64: 0, 3>,
      limit_indices = array<i64: 2, 5>,
      strides = array<i64: 5, 10>
    } : (tensor<2x5xi32>) -> tensor<1x1xi32>
    check.expect_eq_const %result, dense<[[4]]> : tensor<1x1xi32>
    func.return
  }
}
