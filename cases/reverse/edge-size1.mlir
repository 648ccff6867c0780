// Case: spec/reverse/edge-size1
// Reversing a size-1 dimension changes nothing.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[1.0, 2.0]]> : tensor<1x2xf32>
    %result = "stablehlo.reverse"(%operand) {
      dimensions = array<i64: 0>
    } : (tensor<1x2xf32>) -> tensor<1x2xf32>
    check.expect_eq_const %result, dense<[[1.0, 2.0]]> : tensor<1x2xf32>
    func.return
  }
}
