// Case: spec-invalid/dynamic_conv/invalid-c16-kernel-output-feature-groups
// expect-invalid: dynamic_conv C16
// Kernel output features 1 are not a multiple of feature_group_count 2.
module {
  func.func @main(%arg0: tensor<1x4x2xf32>, %arg1: tensor<3x1x1xf32>, %arg2: tensor<1x2xi64>) -> tensor<1x2x1xf32> {
    %0 = "stablehlo.dynamic_conv"(%arg0, %arg1, %arg2) {window_strides = array<i64: 1>, lhs_dilation = array<i64: 1>, rhs_dilation = array<i64: 1>, window_reversal = array<i1: false>, dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, feature_group_count = 2 : i64, batch_group_count = 1 : i64} : (tensor<1x4x2xf32>, tensor<3x1x1xf32>, tensor<1x2xi64>) -> tensor<1x2x1xf32>
    func.return %0 : tensor<1x2x1xf32>
  }
}
