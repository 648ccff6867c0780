// Case: spec/dynamic_conv/edge-asymmetric-padding
// Padding [[2, 0]] given as an si32 tensor pads two zeros at the low end only (si32 1-D).
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[[[1], [2], [3]]]> : tensor<1x3x1xi32>
    %rhs = stablehlo.constant dense<[[[1]], [[10]], [[100]]]> : tensor<3x1x1xi32>
    %padding = stablehlo.constant dense<[[2, 0]]> : tensor<1x2xi32>
    %result = "stablehlo.dynamic_conv"(%lhs, %rhs, %padding) {
      window_strides = array<i64: 1>,
      lhs_dilation = array<i64: 1>,
      rhs_dilation = array<i64: 1>,
      window_reversal = array<i1: false>,
      dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>,
      feature_group_count = 1 : i64,
      batch_group_count = 1 : i64,
      precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]
    } : (tensor<1x3x1xi32>, tensor<3x1x1xi32>, tensor<1x2xi32>) -> tensor<1x3x1xi32>
    check.expect_eq_const %result, dense<[[[100], [210], [321]]]> : tensor<1x3x1xi32>
    func.return
  }
}
