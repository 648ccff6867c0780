// Case: spec-invalid/convolution/invalid-c28-unquantized-lhs
// expect-invalid: convolution C28
// A quantized rhs and result with an unquantized lhs.
module {
  func.func @main(%arg0: tensor<1x4x1xf32>, %arg1: tensor<3x1x1x!quant.uniform<i8:f32, 0.5:0>>) -> tensor<1x2x1x!quant.uniform<i8:f32, 0.5:0>> {
    %0 = "stablehlo.convolution"(%arg0, %arg1) {window_strides = array<i64: 1>, padding = dense<0> : tensor<1x2xi64>, lhs_dilation = array<i64: 1>, rhs_dilation = array<i64: 1>, window_reversal = array<i1: false>, dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x4x1xf32>, tensor<3x1x1x!quant.uniform<i8:f32, 0.5:0>>) -> tensor<1x2x1x!quant.uniform<i8:f32, 0.5:0>>
    func.return %0 : tensor<1x2x1x!quant.uniform<i8:f32, 0.5:0>>
  }
}
