// Case: spec/reverse/edge-empty
// Reversing an empty tensor.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<> : tensor<2x0xf32>
    %result = "stablehlo.reverse"(%operand) {
      dimensions = array<i64: 0, 1>
    } : (tensor<2x0xf32>) -> tensor<2x0xf32>
    check.expect_eq_const %result, dense<> : tensor<2x0xf32>
    func.return
  }
}
