// Case: spec/convolution/edge-rhs-dilation
// rhs_dilation = [2]: the kernel taps are 2 apart (si64 1-D, window strides 2).
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[[[1], [2], [3], [4], [5], [6], [7]]]> : tensor<1x7x1xi64>
    %rhs = stablehlo.constant dense<[[[1]], [[-1]]]> : tensor<2x1x1xi64>
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
    } : (tensor<1x7x1xi64>, tensor<2x1x1xi64>) -> tensor<1x5x1xi64>
    check.expect_eq_const %result, dense<[[[-2], [-2], [-2], [-2], [-2]]]> : tensor<1x5x1xi64>
    func.return
  }
}
