// Case: spec/dot_general/edge-i8
// si8 matmul with results in range.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[[1, -2], [3, 4]]> : tensor<2x2xi8>
    %rhs = stablehlo.constant dense<[[5, 6], [-7, 8]]> : tensor<2x2xi8>
    %result = "stablehlo.dot_general"(%lhs, %rhs) {
      dot_dimension_numbers = #stablehlo.dot<
        lhs_batching_dimensions = [],
        rhs_batching_dimensions = [],
        lhs_contracting_dimensions = [1],
        rhs_contracting_dimensions = [0]
      >
    } : (tensor<2x2xi8>, tensor<2x2xi8>) -> tensor<2x2xi8>
    check.expect_eq_const %result, dense<[[19, -10], [-13, 50]]> : tensor<2x2xi8>
    func.return
  }
}
