// Case: spec-invalid/dynamic_conv/invalid-c25-result-spatial
// expect-invalid: dynamic_conv C25
// With padding [[0, 0]] a window of 3 over 4 elements gives 2 outputs, the result has 3.
module {
  func.func @main(%arg0: tensor<1x4x1xf32>, %arg1: tensor<3x1x1xf32>) -> tensor<1x3x1xf32> {
    %padding = stablehlo.constant dense<0> : tensor<1x2xi64>
    %0 = "stablehlo.dynamic_conv"(%arg0, %arg1, %padding) {window_strides = array<i64: 1>, dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x4x1xf32>, tensor<3x1x1xf32>, tensor<1x2xi64>) -> tensor<1x3x1xf32>
    func.return %0 : tensor<1x3x1xf32>
  }
}
