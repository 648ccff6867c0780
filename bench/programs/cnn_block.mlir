// A CNN block: convolution 1x16x16x32 * 3x3x32x32 (NHWC, stride 1, padding 1), batch_norm_inference
// (feature 3), relu as maximum with 0.
//   build/hloconf exec bench/programs/cnn_block.mlir --arg 'dense<0.5> : tensor<1x16x16x32xf32>' --repeat 10
module {
  func.func @main(%x: tensor<1x16x16x32xf32>) -> tensor<1x16x16x32xf32> {
    %v1 = stablehlo.constant dense<0.01> : tensor<3x3x32x32xf32>
    %v2 = "stablehlo.convolution"(%x, %v1) {window_strides = array<i64: 1, 1>, padding = dense<1> : tensor<2x2xi64>, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x16x16x32xf32>, tensor<3x3x32x32xf32>) -> tensor<1x16x16x32xf32>
    %v3 = stablehlo.constant dense<1.5> : tensor<32xf32>
    %v4 = stablehlo.constant dense<0.1> : tensor<32xf32>
    %v5 = stablehlo.constant dense<0.2> : tensor<32xf32>
    %v6 = stablehlo.constant dense<2.0> : tensor<32xf32>
    %v7 = "stablehlo.batch_norm_inference"(%v2, %v3, %v4, %v5, %v6) {epsilon = 1.0e-05 : f32, feature_index = 3 : i64} : (tensor<1x16x16x32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>) -> tensor<1x16x16x32xf32>
    %v8 = stablehlo.constant dense<0.0> : tensor<1x16x16x32xf32>
    %v9 = "stablehlo.maximum"(%v7, %v8) : (tensor<1x16x16x32xf32>, tensor<1x16x16x32xf32>) -> tensor<1x16x16x32xf32>
    func.return %v9 : tensor<1x16x16x32xf32>
  }
}
