// Case: spec/dynamic_conv/edge-batch-group
// batch_group_count = 2 with padding [[0, 1]] (f64 1-D).
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[[[1.0], [2.0], [3.0], [4.0]], [[10.0], [20.0], [30.0], [40.0]]]> : tensor<2x4x1xf64>
    %rhs = stablehlo.constant dense<[[[1.0, 1.0, 1.0, -1.0]], [[2.0, 0.0, 0.0, 2.0]]]> : tensor<2x1x4xf64>
    %padding = stablehlo.constant dense<[[0, 1]]> : tensor<1x2xi64>
    %result = "stablehlo.dynamic_conv"(%lhs, %rhs, %padding) {
      window_strides = array<i64: 1>,
      lhs_dilation = array<i64: 1>,
      rhs_dilation = array<i64: 1>,
      window_reversal = array<i1: false>,
      dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>,
      feature_group_count = 1 : i64,
      batch_group_count = 2 : i64,
      precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]
    } : (tensor<2x4x1xf64>, tensor<2x1x4xf64>, tensor<1x2xi64>) -> tensor<1x4x4xf64>
    check.expect_eq_const %result, dense<[[[5.0, 1.0, 10.0, 30.0], [8.0, 2.0, 20.0, 40.0], [11.0, 3.0, 30.0, 50.0], [4.0, 4.0, 40.0, -40.0]]]> : tensor<1x4x4xf64>
    func.return
  }
}
