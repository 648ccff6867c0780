// Case: spec/dot_general/edge-batching-nonleading
// Batching dimensions that are not leading: lhs 2x3x4 batches over dim 1, rhs 4x3x2 over dim 1;
// the result is batch x lhs free x rhs free = 3x2x2 (si32).
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]], [[13, 14, 15, 16], [17, 18, 19, 20], [21, 22, 23, 24]]]> : tensor<2x3x4xi32>
    %rhs = stablehlo.constant dense<[[[-10, -9], [-8, -7], [-6, -5]], [[-4, -3], [-2, -1], [0, 1]], [[2, 3], [4, 5], [6, 7]], [[8, 9], [10, 11], [12, 13]]]> : tensor<4x3x2xi32>
    %result = "stablehlo.dot_general"(%lhs, %rhs) {
      dot_dimension_numbers = #stablehlo.dot<
        lhs_batching_dimensions = [1],
        rhs_batching_dimensions = [1],
        lhs_contracting_dimensions = [2],
        rhs_contracting_dimensions = [0]
      >
    } : (tensor<2x3x4xi32>, tensor<4x3x2xi32>) -> tensor<3x2x2xi32>
    check.expect_eq_const %result, dense<[[[20, 30], [-28, 30]], [[56, 82], [104, 178]], [[156, 198], [300, 390]]]> : tensor<3x2x2xi32>
    func.return
  }
}
