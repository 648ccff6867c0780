// Case: spec-invalid/convolution/invalid-c23-both-groups
// expect-invalid: convolution C23
// feature_group_count and batch_group_count both 2.
module {
  func.func @main(%arg0: tensor<2x4x2xf32>, %arg1: tensor<3x1x2xf32>) -> tensor<1x2x1xf32> {
    %0 = "stablehlo.convolution"(%arg0, %arg1) {window_strides = array<i64: 1>, padding = dense<0> : tensor<1x2xi64>, lhs_dilation = array<i64: 1>, rhs_dilation = array<i64: 1>, window_reversal = array<i1: false>, dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, feature_group_count = 2 : i64, batch_group_count = 2 : i64} : (tensor<2x4x2xf32>, tensor<3x1x2xf32>) -> tensor<1x2x1xf32>
    func.return %0 : tensor<1x2x1xf32>
  }
}
