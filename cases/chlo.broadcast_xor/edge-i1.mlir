// Case: spec/chlo.broadcast_xor/edge-i1
// broadcast_xor on i1: a 2x2 predicate tensor against a broadcast row.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[[true, false], [true, true]]> : tensor<2x2xi1>
    %rhs = stablehlo.constant dense<[true, false]> : tensor<2xi1>
    %result = chlo.broadcast_xor %lhs, %rhs : (tensor<2x2xi1>, tensor<2xi1>) -> tensor<2x2xi1>
    check.expect_eq_const %result, dense<[[false, false], [false, true]]> : tensor<2x2xi1>
    func.return
  }
}
