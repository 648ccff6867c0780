// Case: spec/chlo.broadcast_compare/edge-lt
// broadcast_compare LT of a 2x2 tensor against a broadcast row.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[[1.0, 5.0], [3.0, 0.5]]> : tensor<2x2xf32>
    %rhs = stablehlo.constant dense<[2.0, 2.0]> : tensor<2xf32>
    %result = chlo.broadcast_compare %lhs, %rhs {comparison_direction = #chlo<comparison_direction LT>} : (tensor<2x2xf32>, tensor<2xf32>) -> tensor<2x2xi1>
    check.expect_eq_const %result, dense<[[true, false], [false, true]]> : tensor<2x2xi1>
    func.return
  }
}
