// Case: spec/dot_general/edge-multi-contracting
// Two contracting dimensions (lhs [1, 2] x rhs [0, 1]) on si32.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[[[1, 2], [3, 4], [5, 6]], [[7, 8], [9, 10], [11, 12]]]> : tensor<2x3x2xi32>
    %rhs = stablehlo.constant dense<[[[-5, -4], [-3, -2]], [[-1, 0], [1, 2]], [[3, 4], [5, 6]]]> : tensor<3x2x2xi32>
    %result = "stablehlo.dot_general"(%lhs, %rhs) {
      dot_dimension_numbers = #stablehlo.dot<
        lhs_batching_dimensions = [],
        rhs_batching_dimensions = [],
        lhs_contracting_dimensions = [1, 2],
        rhs_contracting_dimensions = [0, 1]
      >
    } : (tensor<2x3x2xi32>, tensor<3x2x2xi32>) -> tensor<2x2xi32>
    check.expect_eq_const %result, dense<[[35, 56], [35, 92]]> : tensor<2x2xi32>
    func.return
  }
}
