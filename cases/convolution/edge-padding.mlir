// Case: spec/convolution/edge-padding
// Edge padding [2, 1] pads with zeros (si32 1-D).
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[[[1], [2], [3]]]> : tensor<1x3x1xi32>
    %rhs = stablehlo.constant dense<[[[1]], [[10]], [[100]]]> : tensor<3x1x1xi32>
    %result = "stablehlo.convolution"(%lhs, %rhs) {
      window_strides = array<i64: 1>,
      padding = dense<[[2, 1]]> : tensor<1x2xi64>,
      lhs_dilation = array<i64: 1>,
      rhs_dilation = array<i64: 1>,
      window_reversal = array<i1: false>,
      dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>,
      batch_group_count = 1 : i64,
      feature_group_count = 1 : i64,
      precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]
    } : (tensor<1x3x1xi32>, tensor<3x1x1xi32>) -> tensor<1x4x1xi32>
    check.expect_eq_const %result, dense<[[[100], [210], [321], [32]]]> : tensor<1x4x1xi32>
    func.return
  }
}
