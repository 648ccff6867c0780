// Case: spec/transpose/edge-scalar
// A rank-0 tensor with the empty permutation.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<5> : tensor<i32>
    %result = "stablehlo.transpose"(%operand) {
      permutation = array<i64>
    } : (tensor<i32>) -> tensor<i32>
    check.expect_eq_const %result, dense<5> : tensor<i32>
    func.return
  }
}
