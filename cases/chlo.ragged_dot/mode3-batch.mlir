// Case: spec/chlo.ragged_dot/mode3-batch
// Mode 3, ragged batch ([b,m,k] x [b,k,n] -> [b,m,n]): batches 0 and 1 are in groups (sizes [1, 1]), so
// they are dot_general's; batch 2 is in none, so its result is zeros.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[[[-1.0, -0.75], [-0.5, -0.25]], [[0.0, 0.25], [0.5, 0.75]], [[1.0, 1.25], [1.5, 1.75]]]> : tensor<3x2x2xf64>
    %rhs = stablehlo.constant dense<[[[1.5, 1.4], [1.3, 1.2]], [[1.1, 1.0], [0.8999999999999999, 0.7999999999999999]], [[0.7, 0.6], [0.5, 0.3999999999999999]]]> : tensor<3x2x2xf64>
    %group_sizes = stablehlo.constant dense<[1, 1]> : tensor<2xi64>
    %result = "chlo.ragged_dot"(%lhs, %rhs, %group_sizes) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = []>,
        precision_config = [#chlo<precision DEFAULT>, #chlo<precision DEFAULT>]} : (tensor<3x2x2xf64>, tensor<3x2x2xf64>, tensor<2xi64>) -> tensor<3x2x2xf64>
    check.expect_eq_const %result, dense<[[[-2.475, -2.3], [-1.075, -1.0]], [[0.22499999999999998, 0.19999999999999998], [1.225, 1.0999999999999999]], [[0.0, 0.0], [0.0, 0.0]]]> : tensor<3x2x2xf64>
    func.return
  }
}
