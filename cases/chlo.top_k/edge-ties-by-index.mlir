// Case: spec/chlo.top_k/edge-ties-by-index
// top_k along the last dimension: the k largest in descending order; with is_stable = true
// equal values keep their index order.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[3, 1, 3, 2], [0, 5, 5, 5]]> : tensor<2x4xi32>
    %values, %indices = chlo.top_k(%operand, k = 3) {is_stable = true} : tensor<2x4xi32> -> (tensor<2x3xi32>, tensor<2x3xi32>)
    check.expect_eq_const %values, dense<[[3, 3, 2], [5, 5, 5]]> : tensor<2x3xi32>
    check.expect_eq_const %indices, dense<[[0, 2, 3], [1, 2, 3]]> : tensor<2x3xi32>
    func.return
  }
}
