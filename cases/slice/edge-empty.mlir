// Case: spec/slice/edge-empty
// start = limit gives a zero-sized dimension.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
    %result = "stablehlo.slice"(%operand) {
      start_indices = array<i64: 1, 2>,
      limit_indices = array<i64: 2, 2>,
      strides = array<i64: 1, 1>
    } : (tensor<2x2xf32>) -> tensor<1x0xf32>
    check.expect_eq_const %result, dense<> : tensor<1x0xf32>
    func.return
  }
}
