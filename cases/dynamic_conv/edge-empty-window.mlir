// Case: spec/dynamic_conv/edge-empty-window
// Padding [[-1, -1]] leaves one element of three, less than the window of 2: zero windows, an empty
// result.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[[[1.0], [2.0], [3.0]]]> : tensor<1x3x1xf32>
    %rhs = stablehlo.constant dense<[[[1.0]], [[1.0]]]> : tensor<2x1x1xf32>
    %padding = stablehlo.constant dense<[[-1, -1]]> : tensor<1x2xi64>
    %result = "stablehlo.dynamic_conv"(%lhs, %rhs, %padding) {
      window_strides = array<i64: 1>,
      lhs_dilation = array<i64: 1>,
      rhs_dilation = array<i64: 1>,
      window_reversal = array<i1: false>,
      dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>,
      feature_group_count = 1 : i64,
      batch_group_count = 1 : i64,
      precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]
    } : (tensor<1x3x1xf32>, tensor<2x1x1xf32>, tensor<1x2xi64>) -> tensor<1x0x1xf32>
    check.expect_eq_const %result, dense<> : tensor<1x0x1xf32>
    func.return
  }
}
