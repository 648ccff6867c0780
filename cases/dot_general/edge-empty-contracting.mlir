// Case: spec/dot_general/edge-empty-contracting
// A zero-sized contracting dimension gives sums of no products: +0.0 everywhere.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<> : tensor<2x0xf32>
    %rhs = stablehlo.constant dense<> : tensor<0x3xf32>
    %result = "stablehlo.dot_general"(%lhs, %rhs) {
      dot_dimension_numbers = #stablehlo.dot<
        lhs_batching_dimensions = [],
        rhs_batching_dimensions = [],
        lhs_contracting_dimensions = [1],
        rhs_contracting_dimensions = [0]
      >
    } : (tensor<2x0xf32>, tensor<0x3xf32>) -> tensor<2x3xf32>
    check.expect_eq_const %result, dense<[[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]> : tensor<2x3xf32>
    func.return
  }
}
