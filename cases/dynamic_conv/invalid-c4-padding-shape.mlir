// Case: spec-invalid/dynamic_conv/invalid-c4-padding-shape
// expect-invalid: dynamic_conv C4
// padding has shape [2, 2] for 1 spatial dimension.
module {
  func.func @main(%arg0: tensor<1x4x1xf32>, %arg1: tensor<3x1x1xf32>, %arg2: tensor<2x2xi64>) -> tensor<1x2x1xf32> {
    %0 = "stablehlo.dynamic_conv"(%arg0, %arg1, %arg2) {window_strides = array<i64: 1>, lhs_dilation = array<i64: 1>, rhs_dilation = array<i64: 1>, window_reversal = array<i1: false>, dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x4x1xf32>, tensor<3x1x1xf32>, tensor<2x2xi64>) -> tensor<1x2x1xf32>
    func.return %0 : tensor<1x2x1xf32>
  }
}
