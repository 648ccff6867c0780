// Case: spec/transpose/edge-identity
// The identity permutation leaves the tensor unchanged.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi64>
    %result = "stablehlo.transpose"(%operand) {
      permutation = array<i64: 0, 1>
    } : (tensor<2x3xi64>) -> tensor<2x3xi64>
    check.expect_eq_const %result, dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi64>
    func.return
  }
}
