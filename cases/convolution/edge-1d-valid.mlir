// Case: spec/convolution/edge-1d-valid
// A 1-D f32 convolution (NCW layout [b, f, 0]x[o, i, 0]->[b, f, 0]), no padding: a sliding dot product.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[[[1.0, 2.0, 3.0, 4.0, 5.0]]]> : tensor<1x1x5xf32>
    %rhs = stablehlo.constant dense<[[[1.0, 0.0, -1.0]]]> : tensor<1x1x3xf32>
    %result = "stablehlo.convolution"(%lhs, %rhs) {
      window_strides = array<i64: 1>,
      padding = dense<0> : tensor<1x2xi64>,
      lhs_dilation = array<i64: 1>,
      rhs_dilation = array<i64: 1>,
      window_reversal = array<i1: false>,
      dimension_numbers = #stablehlo.conv<[b, f, 0]x[o, i, 0]->[b, f, 0]>,
      batch_group_count = 1 : i64,
      feature_group_count = 1 : i64,
      precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]
    } : (tensor<1x1x5xf32>, tensor<1x1x3xf32>) -> tensor<1x1x3xf32>
    check.expect_eq_const %result, dense<[[[-2.0, -2.0, -2.0]]]> : tensor<1x1x3xf32>
    func.return
  }
}
