// Case: spec-invalid/convolution/invalid-c27-rhs-element
// expect-invalid: convolution C27
// lhs is f32, rhs f16.
module {
  func.func @main(%arg0: tensor<1x4x1xf32>, %arg1: tensor<3x1x1xf16>) -> tensor<1x2x1xf32> {
    %0 = "stablehlo.convolution"(%arg0, %arg1) {window_strides = array<i64: 1>, padding = dense<0> : tensor<1x2xi64>, lhs_dilation = array<i64: 1>, rhs_dilation = array<i64: 1>, window_reversal = array<i1: false>, dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x4x1xf32>, tensor<3x1x1xf16>) -> tensor<1x2x1xf32>
    func.return %0 : tensor<1x2x1xf32>
  }
}
