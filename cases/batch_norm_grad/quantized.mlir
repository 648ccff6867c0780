// Case: spec/batch_norm_grad/quantized
// Spec (batch_norm_grad): "For quantized types, performs dequantize_batch_norm_grad_or_training_quantize(lambda operand,
// scale, mean, variance, grad_output: batch_norm_grad(...), operand, scale, mean, variance, grad_output, type(grad_operand),
// type(grad_scale), type(feature_index))"; the last type is read as type(grad_offset) (the op has no result of
// feature_index's type): the inputs are dequantized and each float result is quantized into its own declared type.
// 2x2 with feature_index = 1, variance + epsilon = 3 + 1 = 4 (stddev 2): every intermediate of the
// spec's decomposition is exact.
// operand: i8 (scale 0.5, zero point 0) -> storage [2, 8, 6, 0] dequantizes to [1, 4, 3, 0].
// scale: i8 (scale 0.25, zero point 0) -> storage [8, 4] dequantizes to [2, 1].
// mean: i8 (scale 0.5, zero point 0) -> storage [4, 4] dequantizes to [2, 2].
// variance: i8 (scale 0.25, zero point 0) -> storage [12, 12] dequantizes to [3, 3].
// grad_output: i8 (scale 0.5, zero point 1) -> storage [3, -3, 7, 2] dequantizes to [1, -2, 3, 0.5].
// Float batch_norm_grad (epsilon 1, feature_index 1): grad_operand [-0.75, 0, 0.75, 0], grad_scale [1, -2.5], grad_offset [4, -1.5].
// grad_operand: i8 (scale 0.125, zero point 0) gets quantize([-0.75, 0, 0.75, 0]) = [-6, 0, 6, 0].
// grad_scale: i8 (scale 0.25, zero point -2) gets quantize([1, -2.5]) = [2, -12].
// grad_offset: i8 (scale 0.5, zero point 3) gets quantize([4, -1.5]) = [11, 0].
module {
  func.func @main() {
    %operand_storage = stablehlo.constant dense<[[2, 8], [6, 0]]> : tensor<2x2xi8>
    %operand = "stablehlo.bitcast_convert"(%operand_storage) : (tensor<2x2xi8>) -> tensor<2x2x!quant.uniform<i8:f32, 0.5:0>>
    %scale_storage = stablehlo.constant dense<[8, 4]> : tensor<2xi8>
    %scale = "stablehlo.bitcast_convert"(%scale_storage) : (tensor<2xi8>) -> tensor<2x!quant.uniform<i8:f32, 0.25:0>>
    %mean_storage = stablehlo.constant dense<[4, 4]> : tensor<2xi8>
    %mean = "stablehlo.bitcast_convert"(%mean_storage) : (tensor<2xi8>) -> tensor<2x!quant.uniform<i8:f32, 0.5:0>>
    %variance_storage = stablehlo.constant dense<[12, 12]> : tensor<2xi8>
    %variance = "stablehlo.bitcast_convert"(%variance_storage) : (tensor<2xi8>) -> tensor<2x!quant.uniform<i8:f32, 0.25:0>>
    %grad_output_storage = stablehlo.constant dense<[[3, -3], [7, 2]]> : tensor<2x2xi8>
    %grad_output = "stablehlo.bitcast_convert"(%grad_output_storage) : (tensor<2x2xi8>) -> tensor<2x2x!quant.uniform<i8:f32, 0.5:1>>
    %grad_operand, %grad_scale, %grad_offset =
    "stablehlo.batch_norm_grad"(%operand, %scale, %mean, %variance, %grad_output) {
      epsilon = 1.0 : f32,
      feature_index = 1 : i64
    } : (tensor<2x2x!quant.uniform<i8:f32, 0.5:0>>, tensor<2x!quant.uniform<i8:f32, 0.25:0>>, tensor<2x!quant.uniform<i8:f32, 0.5:0>>, tensor<2x!quant.uniform<i8:f32, 0.25:0>>,
         tensor<2x2x!quant.uniform<i8:f32, 0.5:1>>) -> (tensor<2x2x!quant.uniform<i8:f32, 0.125:0>>, tensor<2x!quant.uniform<i8:f32, 0.25:-2>>, tensor<2x!quant.uniform<i8:f32, 0.5:3>>)
    %grad_operand_storage = "stablehlo.bitcast_convert"(%grad_operand) : (tensor<2x2x!quant.uniform<i8:f32, 0.125:0>>) -> tensor<2x2xi8>
    check.expect_eq_const %grad_operand_storage, dense<[[-6, 0], [6, 0]]> : tensor<2x2xi8>
    %grad_scale_storage = "stablehlo.bitcast_convert"(%grad_scale) : (tensor<2x!quant.uniform<i8:f32, 0.25:-2>>) -> tensor<2xi8>
    check.expect_eq_const %grad_scale_storage, dense<[2, -12]> : tensor<2xi8>
    %grad_offset_storage = "stablehlo.bitcast_convert"(%grad_offset) : (tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2xi8>
    check.expect_eq_const %grad_offset_storage, dense<[11, 0]> : tensor<2xi8>
    func.return
  }
}
