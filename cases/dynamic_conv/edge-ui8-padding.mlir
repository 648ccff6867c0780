// Case: spec/dynamic_conv/edge-ui8-padding
// Padding given as a ui8 tensor ([[1, 1]]), f16 values.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[[[0.5], [-1.0], [2.0]]]> : tensor<1x3x1xf16>
    %rhs = stablehlo.constant dense<[[[2.0]], [[1.0]]]> : tensor<2x1x1xf16>
    %padding = stablehlo.constant dense<[[1, 1]]> : tensor<1x2xui8>
    %result = "stablehlo.dynamic_conv"(%lhs, %rhs, %padding) {
      window_strides = array<i64: 1>,
      lhs_dilation = array<i64: 1>,
      rhs_dilation = array<i64: 1>,
      window_reversal = array<i1: false>,
      dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>,
      feature_group_count = 1 : i64,
      batch_group_count = 1 : i64,
      precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]
    } : (tensor<1x3x1xf16>, tensor<2x1x1xf16>, tensor<1x2xui8>) -> tensor<1x4x1xf16>
    check.expect_eq_const %result, dense<[[[0.5], [0.0], [0.0], [4.0]]]> : tensor<1x4x1xf16>
    func.return
  }
}
