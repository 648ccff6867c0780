// Case: spec/batch_norm_grad/quantized-example
// Spec (batch_norm_grad): "For quantized types, performs dequantize_batch_norm_grad_or_training_quantize(lambda operand,
// scale, mean, variance, grad_output: batch_norm_grad(...), operand, scale, mean, variance, grad_output, type(grad_operand),
// type(grad_scale), type(feature_index))"; the last type is read as type(grad_offset) (the op has no result of
// feature_index's type): the inputs are dequantized and each float result is quantized into its own declared type.
// The spec's batch_norm_grad example (2x2x2, feature_index = 2, epsilon 0) with grad_output 0.25
// instead of 0.1 (a multiple of the scale): grad_operand and grad_scale are 0 (their zero points), grad_offset is
// 4 * 0.25 = 1.
// operand: i8 (scale 0.5, zero point 0) -> storage [2, 4, 6, 8, 6, 8, 2, 4] dequantizes to [1, 2, 3, 4, 3, 4, 1, 2].
// scale: i8 (scale 0.25, zero point 0) -> storage [4, 4] dequantizes to [1, 1].
// mean: i8 (scale 0.5, zero point 1) -> storage [5, 7] dequantizes to [2, 3].
// variance: i8 (scale 0.25, zero point 0) -> storage [4, 4] dequantizes to [1, 1].
// grad_output: i8 (scale 0.25, zero point 0) -> storage [1, 1, 1, 1, 1, 1, 1, 1] dequantizes to [0.25, 0.25, 0.25, 0.25, 0.25, 0.25, 0.25, 0.25].
// Float batch_norm_grad (epsilon 0, feature_index 2): grad_operand [0, 0, 0, 0, 0, 0, 0, 0], grad_scale [0, 0], grad_offset [1, 1].
// grad_operand: i8 (scale 0.5, zero point -7) gets quantize([0, 0, 0, 0, 0, 0, 0, 0]) = [-7, -7, -7, -7, -7, -7, -7, -7].
// grad_scale: i8 (scale 0.125, zero point 5) gets quantize([0, 0]) = [5, 5].
// grad_offset: i8 (scale 0.125, zero point -1) gets quantize([1, 1]) = [7, 7].
module {
  func.func @main() {
    %operand_storage = stablehlo.constant dense<[[[2, 4], [6, 8]], [[6, 8], [2, 4]]]> : tensor<2x2x2xi8>
    %operand = "stablehlo.bitcast_convert"(%operand_storage) : (tensor<2x2x2xi8>) -> tensor<2x2x2x!quant.uniform<i8:f32, 0.5:0>>
    %scale_storage = stablehlo.constant dense<[4, 4]> : tensor<2xi8>
    %scale = "stablehlo.bitcast_convert"(%scale_storage) : (tensor<2xi8>) -> tensor<2x!quant.uniform<i8:f32, 0.25:0>>
    %mean_storage = stablehlo.constant dense<[5, 7]> : tensor<2xi8>
    %mean = "stablehlo.bitcast_convert"(%mean_storage) : (tensor<2xi8>) -> tensor<2x!quant.uniform<i8:f32, 0.5:1>>
    %variance_storage = stablehlo.constant dense<[4, 4]> : tensor<2xi8>
    %variance = "stablehlo.bitcast_convert"(%variance_storage) : (tensor<2xi8>) -> tensor<2x!quant.uniform<i8:f32, 0.25:0>>
    %grad_output_storage = stablehlo.constant dense<[[[1, 1], [1, 1]], [[1, 1], [1, 1]]]> : tensor<2x2x2xi8>
    %grad_output = "stablehlo.bitcast_convert"(%grad_output_storage) : (tensor<2x2x2xi8>) -> tensor<2x2x2x!quant.uniform<i8:f32, 0.25:0>>
    %grad_operand, %grad_scale, %grad_offset =
    "stablehlo.batch_norm_grad"(%operand, %scale, %mean, %variance, %grad_output) {
      epsilon = 0.0 : f32,
      feature_index = 2 : i64
    } : (tensor<2x2x2x!quant.uniform<i8:f32, 0.5:0>>, tensor<2x!quant.uniform<i8:f32, 0.25:0>>, tensor<2x!quant.uniform<i8:f32, 0.5:1>>, tensor<2x!quant.uniform<i8:f32, 0.25:0>>,
         tensor<2x2x2x!quant.uniform<i8:f32, 0.25:0>>) -> (tensor<2x2x2x!quant.uniform<i8:f32, 0.5:-7>>, tensor<2x!quant.uniform<i8:f32, 0.125:5>>, tensor<2x!quant.uniform<i8:f32, 0.125:-1>>)
    %grad_operand_storage = "stablehlo.bitcast_convert"(%grad_operand) : (tensor<2x2x2x!quant.uniform<i8:f32, 0.5:-7>>) -> tensor<2x2x2xi8>
    check.expect_eq_const %grad_operand_storage, dense<[[[-7, -7], [-7, -7]], [[-7, -7], [-7, -7]]]> : tensor<2x2x2xi8>
    %grad_scale_storage = "stablehlo.bitcast_convert"(%grad_scale) : (tensor<2x!quant.uniform<i8:f32, 0.125:5>>) -> tensor<2xi8>
    check.expect_eq_const %grad_scale_storage, dense<[5, 5]> : tensor<2xi8>
    %grad_offset_storage = "stablehlo.bitcast_convert"(%grad_offset) : (tensor<2x!quant.uniform<i8:f32, 0.125:-1>>) -> tensor<2xi8>
    check.expect_eq_const %grad_offset_storage, dense<[7, 7]> : tensor<2xi8>
    func.return
  }
}
