// Case: spec/concatenate/edge-dim1
// Three inputs along dimension 1 (2x1, 2x2, 2x3 -> 2x6), in argument order.
module {
  func.func @main() {
    %input0 = stablehlo.constant dense<[[1], [2]]> : tensor<2x1xi32>
    %input1 = stablehlo.constant dense<[[3, 4], [5, 6]]> : tensor<2x2xi32>
    %input2 = stablehlo.constant dense<[[7, 8, 9], [10, 11, 12]]> : tensor<2x3xi32>
    %result = "stablehlo.concatenate"(%input0, %input1, %input2) {
      dimension = 1 : i64
    } : (tensor<2x1xi32>, tensor<2x2xi32>, tensor<2x3xi32>) -> tensor<2x6xi32>
    check.expect_eq_const %result, dense<[[1, 3, 4, 7, 8, 9], [2, 5, 6, 10, 11, 12]]> : tensor<2x6xi32>
    func.return
  }
}
