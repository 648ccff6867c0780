// Case: spec-invalid/dynamic_conv/invalid-c27-rhs-element
// expect-invalid: dynamic_conv C27
// lhs is f32, rhs f16.
module {
  func.func @main(%arg0: tensor<1x4x1xf32>, %arg1: tensor<3x1x1xf16>, %arg2: tensor<1x2xi64>) -> tensor<1x2x1xf32> {
    %0 = "stablehlo.dynamic_conv"(%arg0, %arg1, %arg2) {window_strides = array<i64: 1>, lhs_dilation = array<i64: 1>, rhs_dilation = array<i64: 1>, window_reversal = array<i1: false>, dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x4x1xf32>, tensor<3x1x1xf16>, tensor<1x2xi64>) -> tensor<1x2x1xf32>
    func.return %0 : tensor<1x2x1xf32>
  }
}
