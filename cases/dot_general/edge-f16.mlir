// Case: spec/dot_general/edge-f16
// f16 batched dot with exact products and sums.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[[[1.0, 2.0]], [[0.5, -4.0]]]> : tensor<2x1x2xf16>
    %rhs = stablehlo.constant dense<[[[8.0], [16.0]], [[0.25], [2.0]]]> : tensor<2x2x1xf16>
    %result = "stablehlo.dot_general"(%lhs, %rhs) {
      dot_dimension_numbers = #stablehlo.dot<
        lhs_batching_dimensions = [0],
        rhs_batching_dimensions = [0],
        lhs_contracting_dimensions = [2],
        rhs_contracting_dimensions = [1]
      >
    } : (tensor<2x1x2xf16>, tensor<2x2x1xf16>) -> tensor<2x1x1xf16>
    check.expect_eq_const %result, dense<[[[40.0]], [[-7.875]]]> : tensor<2x1x1xf16>
    func.return
  }
}
