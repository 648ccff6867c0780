// Case: spec/dynamic_broadcast_in_dim/example-1
// From the spec's `dynamic_broadcast_in_dim` example (si64, 1x3 -> 2x3x2, broadcast_dimensions = [2, 1]).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[1, 2, 3]]> : tensor<1x3xi64>
    %output_dimensions = stablehlo.constant dense<[2, 3, 2]> : tensor<3xi64>
    %result = "stablehlo.dynamic_broadcast_in_dim"(%operand, %output_dimensions) {
      broadcast_dimensions = array<i64: 2, 1>,
      known_expanding_dimensions = array<i64: 0>,
      known_nonexpanding_dimensions = array<i64: 1>
    } : (tensor<1x3xi64>, tensor<3xi64>) -> tensor<2x3x2xi64>
    check.expect_eq_const %result, dense<[[[1, 1], [2, 2], [3, 3]], [[1, 1], [2, 2], [3, 3]]]> : tensor<2x3x2xi64>
    func.return
  }
}
