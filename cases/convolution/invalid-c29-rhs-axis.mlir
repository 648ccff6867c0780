// Case: spec-invalid/convolution/invalid-c29-rhs-axis
// expect-invalid: convolution C29
// The rhs is quantized along dimension 0, not the kernel output feature dimension 2.
module {
  func.func @main(%arg0: tensor<1x4x1x!quant.uniform<i8:f32, 0.5:0>>, %arg1: tensor<3x1x1x!quant.uniform<i8:f32:0, {0.5:0, 0.5:0, 0.5:0}>>) -> tensor<1x2x1x!quant.uniform<i8:f32, 0.5:0>> {
    %0 = "stablehlo.convolution"(%arg0, %arg1) {window_strides = array<i64: 1>, padding = dense<0> : tensor<1x2xi64>, lhs_dilation = array<i64: 1>, rhs_dilation = array<i64: 1>, window_reversal = array<i1: false>, dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x4x1x!quant.uniform<i8:f32, 0.5:0>>, tensor<3x1x1x!quant.uniform<i8:f32:0, {0.5:0, 0.5:0, 0.5:0}>>) -> tensor<1x2x1x!quant.uniform<i8:f32, 0.5:0>>
    func.return %0 : tensor<1x2x1x!quant.uniform<i8:f32, 0.5:0>>
  }
}
