// Case: spec/dynamic_conv/edge-feature-group
// feature_group_count = 2 with padding [[1, 0]] (si32 1-D, 4 input features, 2 output features).
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]]> : tensor<1x3x4xi32>
    %rhs = stablehlo.constant dense<[[[1, 2], [3, 4]], [[-1, -2], [-3, -4]]]> : tensor<2x2x2xi32>
    %padding = stablehlo.constant dense<[[1, 0]]> : tensor<1x2xi64>
    %result = "stablehlo.dynamic_conv"(%lhs, %rhs, %padding) {
      window_strides = array<i64: 1>,
      lhs_dilation = array<i64: 1>,
      rhs_dilation = array<i64: 1>,
      window_reversal = array<i1: false>,
      dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>,
      feature_group_count = 2 : i64,
      batch_group_count = 1 : i64,
      precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]
    } : (tensor<1x3x4xi32>, tensor<2x2x2xi32>, tensor<1x2xi64>) -> tensor<1x3x2xi32>
    check.expect_eq_const %result, dense<[[[-7, -22], [-16, -24], [-16, -24]]]> : tensor<1x3x2xi32>
    func.return
  }
}
