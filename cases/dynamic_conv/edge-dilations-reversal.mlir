// Case: spec/dynamic_conv/edge-dilations-reversal
// lhs_dilation 2, rhs_dilation 2, window_reversal and padding [[1, 2]] together (si32 1-D, window
// strides 2).
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[[[1], [2], [3], [4]]]> : tensor<1x4x1xi32>
    %rhs = stablehlo.constant dense<[[[1]], [[10]], [[100]]]> : tensor<3x1x1xi32>
    %padding = stablehlo.constant dense<[[1, 2]]> : tensor<1x2xi64>
    %result = "stablehlo.dynamic_conv"(%lhs, %rhs, %padding) {
      window_strides = array<i64: 2>,
      lhs_dilation = array<i64: 2>,
      rhs_dilation = array<i64: 2>,
      window_reversal = array<i1: true>,
      dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>,
      feature_group_count = 1 : i64,
      batch_group_count = 1 : i64,
      precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]
    } : (tensor<1x4x1xi32>, tensor<3x1x1xi32>, tensor<1x2xi64>) -> tensor<1x3x1xi32>
    check.expect_eq_const %result, dense<[[[0], [0], [0]]]> : tensor<1x3x1xi32>
    func.return
  }
}
