// Case: spec/chlo.broadcast_add/edge-trailing
// broadcast_add without broadcast_dimensions aligns trailing dimensions (numpy): the vector is added to each row.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
    %rhs = stablehlo.constant dense<[10, 20, 30]> : tensor<3xi32>
    %result = chlo.broadcast_add %lhs, %rhs : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
    check.expect_eq_const %result, dense<[[11, 22, 33], [14, 25, 36]]> : tensor<2x3xi32>
    func.return
  }
}
