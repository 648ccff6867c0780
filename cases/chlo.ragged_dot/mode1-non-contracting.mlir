// Case: spec/chlo.ragged_dot/mode1-non-contracting
// Mode 1, ragged non-contracting ([m,k] x [g,k,n] -> [m,n]): rows 0-1 are group 0, group 1 is
// empty, rows 2-3 are group 2 (each multiplied by its rhs slice); row 4 is in no group, so its row is zeros.
// Each element is the exact sum of its products, rounded once (mpmath).
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[[0.1, 0.2, 0.3], [-1.5, 2.25, 0.7], [3.0, -0.4, 1.1], [0.6, 0.5, -2.0], [9.0, 8.0, 7.0]]> : tensor<5x3xf32>
    %rhs = stablehlo.constant dense<[[[-3.1, -2.6], [-2.1, -1.6], [-1.1, -0.6000000000000001]], [[-0.10000000000000009, 0.3999999999999999], [0.8999999999999999, 1.4], [1.9, 2.4]], [[2.9, 3.4], [3.9, 4.4], [4.9, 5.4]]]> : tensor<3x3x2xf32>
    %group_sizes = stablehlo.constant dense<[2, 0, 2]> : tensor<3xi64>
    %result = "chlo.ragged_dot"(%lhs, %rhs, %group_sizes) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>,
        precision_config = [#chlo<precision DEFAULT>, #chlo<precision DEFAULT>]} : (tensor<5x3xf32>, tensor<3x3x2xf32>, tensor<3xi64>) -> tensor<5x2xf32>
    check.expect_eq_const %result, dense<[[-1.0600001, -0.76], [-0.8449999, -0.120000206], [12.530001, 14.38], [-6.11, -6.56], [0.0, 0.0]]> : tensor<5x2xf32>
    func.return
  }
}
