// Case: spec/transpose/edge-empty
// An empty tensor (0x2 -> 2x0).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<> : tensor<0x2xf32>
    %result = "stablehlo.transpose"(%operand) {
      permutation = array<i64: 1, 0>
    } : (tensor<0x2xf32>) -> tensor<2x0xf32>
    check.expect_eq_const %result, dense<> : tensor<2x0xf32>
    func.return
  }
}
