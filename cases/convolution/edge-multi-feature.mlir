// Case: spec/convolution/edge-multi-feature
// Two input features and three output features (f32 2-D, 2x2 kernel, batch 2).
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[[[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]], [[-1.0, -2.0, -3.0], [-4.0, -5.0, -6.0], [-7.0, -8.0, -9.0]]], [[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]], [[-1.0, -2.0, -3.0], [-4.0, -5.0, -6.0], [-7.0, -8.0, -9.0]]]]> : tensor<2x2x3x3xf32>
    %rhs = stablehlo.constant dense<[[[[1.0, 0.0], [0.0, 1.0]], [[2.0, 1.0], [1.0, 0.0]]], [[[0.0, 1.0], [1.0, 1.0]], [[-1.0, 0.0], [2.0, 0.0]]], [[[1.0, 0.0], [0.0, 0.0]], [[1.0, 1.0], [0.0, 1.0]]]]> : tensor<3x2x2x2xf32>
    %result = "stablehlo.convolution"(%lhs, %rhs) {
      window_strides = array<i64: 1, 1>,
      padding = dense<0> : tensor<2x2xi64>,
      lhs_dilation = array<i64: 1, 1>,
      rhs_dilation = array<i64: 1, 1>,
      window_reversal = array<i1: false, false>,
      dimension_numbers = #stablehlo.conv<[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]>,
      batch_group_count = 1 : i64,
      feature_group_count = 1 : i64,
      precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]
    } : (tensor<2x2x3x3xf32>, tensor<3x2x2x2xf32>) -> tensor<2x3x2x2xf32>
    check.expect_eq_const %result, dense<[[[[-2.0, -4.0], [-8.0, -10.0]], [[4.0, 6.0], [10.0, 12.0]], [[-7.0, -9.0], [-13.0, -15.0]]], [[[-2.0, -4.0], [-8.0, -10.0]], [[4.0, 6.0], [10.0, 12.0]], [[-7.0, -9.0], [-13.0, -15.0]]]]> : tensor<2x3x2x2xf32>
    func.return
  }
}
