// Case: spec/batch_norm_inference/quantized-irrational-clamp
// Spec (batch_norm_inference): "For quantized types, performs dequantize_op_quantize(lambda operand, scale, offset,
// mean, variance: batch_norm_inference(operand, scale, offset, mean, variance, epsilon, feature_index), operand, scale,
// offset, mean, variance, type(result))": every operand is dequantized, the float op runs, the result is quantized.
// variance 2, epsilon 0: the float result (x - m) / sqrt(2) + o is irrational; it is rounded to
// f32 (the op-by-op f32 result agrees, asserted by the generator) and then quantized with scale 0.25, where it lies far
// from a tie (4 / sqrt(2) + 1 = 3.83, / 0.25 = 15.3 -> 15). The last element, 100 / sqrt(2) + 1 = 71.7 (/ 0.25 = 286.8),
// clamps to the storage maximum 127.
// operand: i8 (scale 1.0, zero point 0) -> storage [4, 0, -4, 100] dequantizes to [4, 0, -4, 100].
// scale: i8 (scale 0.25, zero point 0) -> storage [4] dequantizes to [1].
// offset: i8 (scale 0.25, zero point 0) -> storage [4] dequantizes to [1].
// mean: i8 (scale 1.0, zero point 0) -> storage [0] dequantizes to [0].
// variance: i8 (scale 0.5, zero point 0) -> storage [4] dequantizes to [2].
// Float batch_norm_inference (epsilon 0, feature_index 1): [3.828427, 1, -1.8284271, 71.71068].
// result: i8 (scale 0.25, zero point 0) gets quantize([3.828427, 1, -1.8284271, 71.71068]) = [15, 4, -7, 127].
module {
  func.func @main() {
    %operand_storage = stablehlo.constant dense<[[4], [0], [-4], [100]]> : tensor<4x1xi8>
    %operand = "stablehlo.bitcast_convert"(%operand_storage) : (tensor<4x1xi8>) -> tensor<4x1x!quant.uniform<i8:f32, 1.0:0>>
    %scale_storage = stablehlo.constant dense<[4]> : tensor<1xi8>
    %scale = "stablehlo.bitcast_convert"(%scale_storage) : (tensor<1xi8>) -> tensor<1x!quant.uniform<i8:f32, 0.25:0>>
    %offset_storage = stablehlo.constant dense<[4]> : tensor<1xi8>
    %offset = "stablehlo.bitcast_convert"(%offset_storage) : (tensor<1xi8>) -> tensor<1x!quant.uniform<i8:f32, 0.25:0>>
    %mean_storage = stablehlo.constant dense<[0]> : tensor<1xi8>
    %mean = "stablehlo.bitcast_convert"(%mean_storage) : (tensor<1xi8>) -> tensor<1x!quant.uniform<i8:f32, 1.0:0>>
    %variance_storage = stablehlo.constant dense<[4]> : tensor<1xi8>
    %variance = "stablehlo.bitcast_convert"(%variance_storage) : (tensor<1xi8>) -> tensor<1x!quant.uniform<i8:f32, 0.5:0>>
    %result = "stablehlo.batch_norm_inference"(%operand, %scale, %offset, %mean, %variance) {
      epsilon = 0.0 : f32,
      feature_index = 1 : i64
    } : (tensor<4x1x!quant.uniform<i8:f32, 1.0:0>>, tensor<1x!quant.uniform<i8:f32, 0.25:0>>, tensor<1x!quant.uniform<i8:f32, 0.25:0>>, tensor<1x!quant.uniform<i8:f32, 1.0:0>>, tensor<1x!quant.uniform<i8:f32, 0.5:0>>) -> tensor<4x1x!quant.uniform<i8:f32, 0.25:0>>
    %result_storage = "stablehlo.bitcast_convert"(%result) : (tensor<4x1x!quant.uniform<i8:f32, 0.25:0>>) -> tensor<4x1xi8>
    check.expect_eq_const %result_storage, dense<[[15], [4], [-7], [127]]> : tensor<4x1xi8>
    func.return
  }
}
