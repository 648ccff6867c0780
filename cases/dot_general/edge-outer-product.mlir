// Case: spec/dot_general/edge-outer-product
// No contracting or batching dimensions gives the outer product (si64, 2 . 3 -> 2x3).
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[2, -3]> : tensor<2xi64>
    %rhs = stablehlo.constant dense<[1, 10, 100]> : tensor<3xi64>
    %result = "stablehlo.dot_general"(%lhs, %rhs) {
      dot_dimension_numbers = #stablehlo.dot<
        lhs_batching_dimensions = [],
        rhs_batching_dimensions = [],
        lhs_contracting_dimensions = [],
        rhs_contracting_dimensions = []
      >
    } : (tensor<2xi64>, tensor<3xi64>) -> tensor<2x3xi64>
    check.expect_eq_const %result, dense<[[2, 20, 200], [-3, -30, -300]]> : tensor<2x3xi64>
    func.return
  }
}
