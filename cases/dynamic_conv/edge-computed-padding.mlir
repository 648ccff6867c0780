// Case: spec/dynamic_conv/edge-computed-padding
// The padding is computed when the program runs ([[0, 0], [0, 1]] + 1 = [[1, 1], [1, 2]]), f32 2-D
// with window_strides [2, 1].
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[[[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]]]]> : tensor<1x1x3x3xf32>
    %rhs = stablehlo.constant dense<[[[[1.0, -1.0], [2.0, 0.5]]]]> : tensor<1x1x2x2xf32>
    %padding_base = stablehlo.constant dense<[[0, 0], [0, 1]]> : tensor<2x2xi64>
    %padding_delta = stablehlo.constant dense<[[1, 1], [1, 1]]> : tensor<2x2xi64>
    %padding = stablehlo.add %padding_base, %padding_delta : tensor<2x2xi64>
    %result = "stablehlo.dynamic_conv"(%lhs, %rhs, %padding) {
      window_strides = array<i64: 2, 1>,
      lhs_dilation = array<i64: 1, 1>,
      rhs_dilation = array<i64: 1, 1>,
      window_reversal = array<i1: false, false>,
      dimension_numbers = #stablehlo.conv<[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]>,
      feature_group_count = 1 : i64,
      batch_group_count = 1 : i64,
      precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]
    } : (tensor<1x1x3x3xf32>, tensor<1x1x2x2xf32>, tensor<2x2xi64>) -> tensor<1x1x2x5xf32>
    check.expect_eq_const %result, dense<[[[[0.5, 3.0, 5.5, 6.0, 0.0], [-0.5, 17.0, 19.5, 24.0, 0.0]]]]> : tensor<1x1x2x5xf32>
    func.return
  }
}
