// Case: spec/convolution/edge-output-layout
// Output dimension order differs from the input order ([b, 0, f] -> [f, b, 0]), f32.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[[[1.0], [2.0], [3.0]], [[4.0], [5.0], [6.0]]]> : tensor<2x3x1xf32>
    %rhs = stablehlo.constant dense<[[[1.0, 2.0]], [[0.5, -1.0]]]> : tensor<2x1x2xf32>
    %result = "stablehlo.convolution"(%lhs, %rhs) {
      window_strides = array<i64: 1>,
      padding = dense<0> : tensor<1x2xi64>,
      lhs_dilation = array<i64: 1>,
      rhs_dilation = array<i64: 1>,
      window_reversal = array<i1: false>,
      dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[f, b, 0]>,
      batch_group_count = 1 : i64,
      feature_group_count = 1 : i64,
      precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]
    } : (tensor<2x3x1xf32>, tensor<2x1x2xf32>) -> tensor<2x2x2xf32>
    check.expect_eq_const %result, dense<[[[2.0, 3.5], [6.5, 8.0]], [[0.0, 1.0], [3.0, 4.0]]]> : tensor<2x2x2xf32>
    func.return
  }
}
