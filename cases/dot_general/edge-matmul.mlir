// Case: spec/dot_general/edge-matmul
// A plain f32 matmul (2x3 . 3x2, contracting [1] x [0]) with small integer values: every sum is exact.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
    %rhs = stablehlo.constant dense<[[7.0, 8.0], [9.0, 10.0], [11.0, 12.0]]> : tensor<3x2xf32>
    %result = "stablehlo.dot_general"(%lhs, %rhs) {
      dot_dimension_numbers = #stablehlo.dot<
        lhs_batching_dimensions = [],
        rhs_batching_dimensions = [],
        lhs_contracting_dimensions = [1],
        rhs_contracting_dimensions = [0]
      >
    } : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
    check.expect_eq_const %result, dense<[[58.0, 64.0], [139.0, 154.0]]> : tensor<2x2xf32>
    func.return
  }
}
