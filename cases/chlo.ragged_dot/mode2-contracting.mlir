// Case: spec/chlo.ragged_dot/mode2-contracting
// Mode 2, ragged contracting ([m,k] x [k,n] -> [g,m,n]): group 0 sums over k = 0..2, group 1 is
// empty (zeros), group 2 over k = 3; k = 4 is in no group and contributes to none.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[[0.1, 0.2, 0.3, 0.4, 100.0], [-1.5, 2.5, 0.125, 3.0, 100.0]]> : tensor<2x5xf32>
    %rhs = stablehlo.constant dense<[[1.0, 0.3], [2.0, -0.7], [0.5, 0.1], [-4.0, 0.9], [1000000.0, 1000000.0]]> : tensor<5x2xf32>
    %group_sizes = stablehlo.constant dense<[3, 0, 1]> : tensor<3xi64>
    %result = "chlo.ragged_dot"(%lhs, %rhs, %group_sizes) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0], lhs_ragged_dimensions = [1], rhs_group_dimensions = []>,
        precision_config = [#chlo<precision DEFAULT>, #chlo<precision DEFAULT>]} : (tensor<2x5xf32>, tensor<5x2xf32>, tensor<3xi64>) -> tensor<3x2x2xf32>
    check.expect_eq_const %result, dense<[[[0.65000004, -0.08], [3.5625, -2.1875]], [[0.0, 0.0], [0.0, 0.0]], [[-1.6, 0.35999998], [-12.0, 2.6999998]]]> : tensor<3x2x2xf32>
    func.return
  }
}
