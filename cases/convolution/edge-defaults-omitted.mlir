// Case: spec/convolution/edge-defaults-omitted
// The optional window attributes left out (defaults: strides 1, no padding, no dilation).
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[[[0.5], [1.5], [-2.0], [4.0]]]> : tensor<1x4x1xf64>
    %rhs = stablehlo.constant dense<[[[2.0]], [[-1.0]]]> : tensor<2x1x1xf64>
    %result = "stablehlo.convolution"(%lhs, %rhs) {
      dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>,
      batch_group_count = 1 : i64,
      feature_group_count = 1 : i64,
      precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]
    } : (tensor<1x4x1xf64>, tensor<2x1x1xf64>) -> tensor<1x3x1xf64>
    check.expect_eq_const %result, dense<[[[-0.5], [5.0], [-8.0]]]> : tensor<1x3x1xf64>
    func.return
  }
}
