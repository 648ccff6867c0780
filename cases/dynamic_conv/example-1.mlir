// Case: spec/dynamic_conv/example-1
// From the spec's `dynamic_conv` example (si64, NHWC input 1x4x4x1, 3x3 all-ones kernel, padding
// [[1, 1], [1, 1]], window_strides [4, 4], lhs_dilation [2, 2]). The spec writes the dimension numbers in raw form with
// input_spatial_dimensions = [0, 1], which repeats the batch dimension 0 and breaks (C13); the case uses [1, 2]
// ([b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]), which gives the printed result.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[[[[1], [2], [5], [6]], [[3], [4], [7], [8]], [[10], [11], [14], [15]], [[12], [13], [16], [17]]]]> : tensor<1x4x4x1xi64>
    %rhs = stablehlo.constant dense<[[[[1]], [[1]], [[1]]], [[[1]], [[1]], [[1]]], [[[1]], [[1]], [[1]]]]> : tensor<3x3x1x1xi64>
    %padding = stablehlo.constant dense<[[1, 1], [1, 1]]> : tensor<2x2xi64>
    %result = "stablehlo.dynamic_conv"(%lhs, %rhs, %padding) {
      window_strides = array<i64: 4, 4>,
      lhs_dilation = array<i64: 2, 2>,
      rhs_dilation = array<i64: 1, 1>,
      window_reversal = array<i1: false, false>,
      dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>,
      feature_group_count = 1 : i64,
      batch_group_count = 1 : i64,
      precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]
    } : (tensor<1x4x4x1xi64>, tensor<3x3x1x1xi64>, tensor<2x2xi64>) -> tensor<1x2x2x1xi64>
    check.expect_eq_const %result, dense<[[[[1], [5]], [[10], [14]]]]> : tensor<1x2x2x1xi64>
    func.return
  }
}
