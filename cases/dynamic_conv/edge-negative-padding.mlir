// Case: spec/dynamic_conv/edge-negative-padding
// Negative padding [[-1, -2]] drops one element at the low end and two at the high end (si64 1-D).
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[[[1], [2], [3], [4], [5], [6]]]> : tensor<1x6x1xi64>
    %rhs = stablehlo.constant dense<[[[1]], [[1]]]> : tensor<2x1x1xi64>
    %padding = stablehlo.constant dense<[[-1, -2]]> : tensor<1x2xi64>
    %result = "stablehlo.dynamic_conv"(%lhs, %rhs, %padding) {
      window_strides = array<i64: 1>,
      lhs_dilation = array<i64: 1>,
      rhs_dilation = array<i64: 1>,
      window_reversal = array<i1: false>,
      dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>,
      feature_group_count = 1 : i64,
      batch_group_count = 1 : i64,
      precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]
    } : (tensor<1x6x1xi64>, tensor<2x1x1xi64>, tensor<1x2xi64>) -> tensor<1x2x1xi64>
    check.expect_eq_const %result, dense<[[[5], [7]]]> : tensor<1x2x1xi64>
    func.return
  }
}
