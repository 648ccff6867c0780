// Case: spec/broadcast_in_dim/example-1
// From the spec's `broadcast_in_dim` example (si32, 1x3 -> 2x3x2 with broadcast_dimensions = [2, 1]).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[1, 2, 3]]> : tensor<1x3xi32>
    %result = "stablehlo.broadcast_in_dim"(%operand) {
      broadcast_dimensions = array<i64: 2, 1>
    } : (tensor<1x3xi32>) -> tensor<2x3x2xi32>
    check.expect_eq_const %result, dense<[[[1, 1], [2, 2], [3, 3]], [[1, 1], [2, 2], [3, 3]]]> : tensor<2x3x2xi32>
    func.return
  }
}
