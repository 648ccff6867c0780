// Case: spec/dot_general/edge-bf16
// bf16 matrix-vector product with exact products and sums.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[[1.0, 2.0], [4.0, -8.0]]> : tensor<2x2xbf16>
    %rhs = stablehlo.constant dense<[0.5, 0.25]> : tensor<2xbf16>
    %result = "stablehlo.dot_general"(%lhs, %rhs) {
      dot_dimension_numbers = #stablehlo.dot<
        lhs_batching_dimensions = [],
        rhs_batching_dimensions = [],
        lhs_contracting_dimensions = [1],
        rhs_contracting_dimensions = [0]
      >
    } : (tensor<2x2xbf16>, tensor<2xbf16>) -> tensor<2xbf16>
    check.expect_eq_const %result, dense<[1.0, 0.0]> : tensor<2xbf16>
    func.return
  }
}
