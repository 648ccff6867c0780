// Case: spec/convolution/edge-batch-group
// batch_group_count = 2: lhs batches {0} and {1} go with output features {0, 1} and {2, 3};
// the result batch size is 2 / 2 = 1 (si32 1-D).
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[[[1], [2], [3], [4]], [[10], [20], [30], [40]]]> : tensor<2x4x1xi32>
    %rhs = stablehlo.constant dense<[[[1, 1, 1, -1]], [[2, 0, 0, 2]]]> : tensor<2x1x4xi32>
    %result = "stablehlo.convolution"(%lhs, %rhs) {
      window_strides = array<i64: 1>,
      padding = dense<0> : tensor<1x2xi64>,
      lhs_dilation = array<i64: 1>,
      rhs_dilation = array<i64: 1>,
      window_reversal = array<i1: false>,
      dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>,
      batch_group_count = 2 : i64,
      feature_group_count = 1 : i64,
      precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]
    } : (tensor<2x4x1xi32>, tensor<2x1x4xi32>) -> tensor<1x3x4xi32>
    check.expect_eq_const %result, dense<[[[5, 1, 10, 30], [8, 2, 20, 40], [11, 3, 30, 50]]]> : tensor<1x3x4xi32>
    func.return
  }
}
