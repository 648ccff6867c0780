// Case: spec/convolution/edge-empty-window
// The dilated window (size 5) is larger than the input (size 3): zero windows, empty result.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[[[1.0], [2.0], [3.0]]]> : tensor<1x3x1xf32>
    %rhs = stablehlo.constant dense<[[[1.0]], [[1.0]], [[1.0]]]> : tensor<3x1x1xf32>
    %result = "stablehlo.convolution"(%lhs, %rhs) {
      window_strides = array<i64: 1>,
      padding = dense<0> : tensor<1x2xi64>,
      lhs_dilation = array<i64: 1>,
      rhs_dilation = array<i64: 2>,
      window_reversal = array<i1: false>,
      dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>,
      batch_group_count = 1 : i64,
      feature_group_count = 1 : i64,
      precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]
    } : (tensor<1x3x1xf32>, tensor<3x1x1xf32>) -> tensor<1x0x1xf32>
    check.expect_eq_const %result, dense<> : tensor<1x0x1xf32>
    func.return
  }
}
