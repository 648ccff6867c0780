// Case: spec/batch_norm_inference/quantized
// Spec (batch_norm_inference): "For quantized types, performs dequantize_op_quantize(lambda operand, scale, offset,
// mean, variance: batch_norm_inference(operand, scale, offset, mean, variance, epsilon, feature_index), operand, scale,
// offset, mean, variance, type(result))": every operand is dequantized, the float op runs, the result is quantized.
// Per-tensor quantized i8 operands, each with its own scale and zero point; every float step is exact and
// the float results are multiples of the result scale. Float: feature 0: 2 * (x - 3) / sqrt(3.75 + 0.25) + 0.5 = x - 2.5;
// feature 1: -1 * (x - 0) / sqrt(0.75 + 0.25) + 3 = 3 - x.
// operand: i8 (scale 0.5, zero point 1) -> storage [5, -1, 9, 3] dequantizes to [2, -1, 4, 1].
// scale: i8 (scale 0.25, zero point 0) -> storage [8, -4] dequantizes to [2, -1].
// offset: i8 (scale 0.5, zero point 0) -> storage [1, 6] dequantizes to [0.5, 3].
// mean: i8 (scale 0.5, zero point 1) -> storage [7, 1] dequantizes to [3, 0].
// variance: i8 (scale 0.25, zero point 0) -> storage [15, 3] dequantizes to [3.75, 0.75].
// Float batch_norm_inference (epsilon 0.25, feature_index 1): [-0.5, 4, 1.5, 2].
// result: i8 (scale 0.25, zero point -3) gets quantize([-0.5, 4, 1.5, 2]) = [-5, 13, 3, 5].
module {
  func.func @main() {
    %operand_storage = stablehlo.constant dense<[[5, -1], [9, 3]]> : tensor<2x2xi8>
    %operand = "stablehlo.bitcast_convert"(%operand_storage) : (tensor<2x2xi8>) -> tensor<2x2x!quant.uniform<i8:f32, 0.5:1>>
    %scale_storage = stablehlo.constant dense<[8, -4]> : tensor<2xi8>
    %scale = "stablehlo.bitcast_convert"(%scale_storage) : (tensor<2xi8>) -> tensor<2x!quant.uniform<i8:f32, 0.25:0>>
    %offset_storage = stablehlo.constant dense<[1, 6]> : tensor<2xi8>
    %offset = "stablehlo.bitcast_convert"(%offset_storage) : (tensor<2xi8>) -> tensor<2x!quant.uniform<i8:f32, 0.5:0>>
    %mean_storage = stablehlo.constant dense<[7, 1]> : tensor<2xi8>
    %mean = "stablehlo.bitcast_convert"(%mean_storage) : (tensor<2xi8>) -> tensor<2x!quant.uniform<i8:f32, 0.5:1>>
    %variance_storage = stablehlo.constant dense<[15, 3]> : tensor<2xi8>
    %variance = "stablehlo.bitcast_convert"(%variance_storage) : (tensor<2xi8>) -> tensor<2x!quant.uniform<i8:f32, 0.25:0>>
    %result = "stablehlo.batch_norm_inference"(%operand, %scale, %offset, %mean, %variance) {
      epsilon = 0.25 : f32,
      feature_index = 1 : i64
    } : (tensor<2x2x!quant.uniform<i8:f32, 0.5:1>>, tensor<2x!quant.uniform<i8:f32, 0.25:0>>, tensor<2x!quant.uniform<i8:f32, 0.5:0>>, tensor<2x!quant.uniform<i8:f32, 0.5:1>>, tensor<2x!quant.uniform<i8:f32, 0.25:0>>) -> tensor<2x2x!quant.uniform<i8:f32, 0.25:-3>>
    %result_storage = "stablehlo.bitcast_convert"(%result) : (tensor<2x2x!quant.uniform<i8:f32, 0.25:-3>>) -> tensor<2x2xi8>
    check.expect_eq_const %result_storage, dense<[[-5, 13], [3, 5]]> : tensor<2x2xi8>
    func.return
  }
}
