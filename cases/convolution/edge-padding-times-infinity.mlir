// Case: spec/convolution/edge-padding-times-infinity
// Padding and lhs-dilation holes are zeros that the spec's dot product multiplies like any other element:
// 0 x inf is NaN, so a window that puts a kernel infinity over padding gives NaN even though no input
// element is infinite. Output 0: 0 x inf + 1 x 2 = NaN; output 1: 1 x inf + 0 x 2 (a hole) = inf;
// output 2: 0 x inf (a hole) + 3 x 2 = NaN. (A direct kernel that skips padding gives 2, inf and 6.)
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[[[1.0], [3.0]]]> : tensor<1x2x1xf32>
    %rhs = stablehlo.constant dense<[[[0x7F800000]], [[2.0]]]> : tensor<2x1x1xf32>
    %result = "stablehlo.convolution"(%lhs, %rhs) {
      window_strides = array<i64: 1>,
      padding = dense<[[1, 0]]> : tensor<1x2xi64>,
      lhs_dilation = array<i64: 2>,
      rhs_dilation = array<i64: 1>,
      window_reversal = array<i1: false>,
      dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>,
      batch_group_count = 1 : i64,
      feature_group_count = 1 : i64
    } : (tensor<1x2x1xf32>, tensor<2x1x1xf32>) -> tensor<1x3x1xf32>
    check.expect_eq_const %result, dense<[[[0x7FC00000], [0x7F800000], [0x7FC00000]]]> : tensor<1x3x1xf32>
    func.return
  }
}
