// Case: spec/chlo.broadcast_and/edge-i32
// broadcast_and: each row of a 2x3 tensor with a column (broadcast_dimensions = [0]).
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[[12, 10, 7], [0, -3, 5]]> : tensor<2x3xi32>
    %rhs = stablehlo.constant dense<[6, 3]> : tensor<2xi32>
    %result = chlo.broadcast_and %lhs, %rhs {broadcast_dimensions = array<i64: 0>} : (tensor<2x3xi32>, tensor<2xi32>) -> tensor<2x3xi32>
    check.expect_eq_const %result, dense<[[4, 2, 6], [0, 1, 1]]> : tensor<2x3xi32>
    func.return
  }
}
