// Case: spec/chlo.ragged_dot/mode1-batched-group-sizes
// Mode 1 with a batch dimension and a full group_sizes [b, g]: batch 0 has groups of 1 and 3
// rows, batch 1 puts all 4 rows in group 0 (rhs [g,b,k,n]: each batch has its own group slices).
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[[[1, 2], [3, 4], [5, 6], [7, 8]], [[-1, -2], [-3, -4], [0, 1], [2, 3]]]> : tensor<2x4x2xi32>
    %rhs = stablehlo.constant dense<[[[[1, 0], [0, 1]], [[2, 3], [4, 5]]], [[[10, 20], [30, 40]], [[-1, 1], [1, -1]]]]> : tensor<2x2x2x2xi32>
    %group_sizes = stablehlo.constant dense<[[1, 3], [4, 0]]> : tensor<2x2xi32>
    %result = "chlo.ragged_dot"(%lhs, %rhs, %group_sizes) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [1], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2], lhs_ragged_dimensions = [1], rhs_group_dimensions = [0]>,
        precision_config = [#chlo<precision DEFAULT>, #chlo<precision DEFAULT>]} : (tensor<2x4x2xi32>, tensor<2x2x2x2xi32>, tensor<2x2xi32>) -> tensor<2x4x2xi32>
    check.expect_eq_const %result, dense<[[[1, 2], [150, 220], [230, 340], [310, 460]], [[-10, -13], [-22, -29], [4, 5], [16, 21]]]> : tensor<2x4x2xi32>
    func.return
  }
}
