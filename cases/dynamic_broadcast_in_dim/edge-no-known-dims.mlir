// Case: spec/dynamic_broadcast_in_dim/edge-no-known-dims
// Without known_expanding_dimensions / known_nonexpanding_dimensions (all dims possibly expanding).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[1.5], [-2.0]]> : tensor<2x1xf32>
    %output_dimensions = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
    %result = "stablehlo.dynamic_broadcast_in_dim"(%operand, %output_dimensions) {
      broadcast_dimensions = array<i64: 0, 1>
    } : (tensor<2x1xf32>, tensor<2xi64>) -> tensor<2x3xf32>
    check.expect_eq_const %result, dense<[[1.5, 1.5, 1.5], [-2.0, -2.0, -2.0]]> : tensor<2x3xf32>
    func.return
  }
}
