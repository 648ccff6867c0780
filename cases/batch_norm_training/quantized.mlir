// Case: spec/batch_norm_training/quantized
// Spec (batch_norm_training): "For quantized types, performs dequantize_batch_norm_grad_or_training_quantize(lambda
// operand, scale, offset: batch_norm_training(operand, scale, offset, epsilon, feature_index), operand, scale, offset,
// type(output), type(batch_mean), type(batch_var))": the inputs are dequantized, and each of the three float results is
// quantized into its own declared type (here three different scales / zero points).
// feature_index = 0 on 2x4: feature 0 [1, 2, 3, 4] has mean 2.5 and variance 1.25, plus epsilon 2.75 gives
// stddev 2, so output = 2 * (x - 2.5) / 2 + 0 = x - 2.5; feature 1 is constant -5 (variance 0), so its outputs are the
// offset 0.5.
// operand: i8 (scale 0.5, zero point 0) -> storage [2, 4, 6, 8, -10, -10, -10, -10] dequantizes to [1, 2, 3, 4, -5, -5, -5, -5].
// scale: i8 (scale 0.25, zero point 0) -> storage [8, 4] dequantizes to [2, 1].
// offset: i8 (scale 0.5, zero point 0) -> storage [0, 1] dequantizes to [0, 0.5].
// Float batch_norm_training (epsilon 2.75, feature_index 0): output [-1.5, -0.5, 0.5, 1.5, 0.5, 0.5, 0.5, 0.5], batch_mean [2.5, -5], batch_var [1.25, 0].
// output: i8 (scale 0.25, zero point 2) gets quantize([-1.5, -0.5, 0.5, 1.5, 0.5, 0.5, 0.5, 0.5]) = [-4, 0, 4, 8, 4, 4, 4, 4].
// batch_mean: i8 (scale 0.5, zero point -1) gets quantize([2.5, -5]) = [4, -11].
// batch_var: i8 (scale 0.125, zero point 0) gets quantize([1.25, 0]) = [10, 0].
module {
  func.func @main() {
    %operand_storage = stablehlo.constant dense<[[2, 4, 6, 8], [-10, -10, -10, -10]]> : tensor<2x4xi8>
    %operand = "stablehlo.bitcast_convert"(%operand_storage) : (tensor<2x4xi8>) -> tensor<2x4x!quant.uniform<i8:f32, 0.5:0>>
    %scale_storage = stablehlo.constant dense<[8, 4]> : tensor<2xi8>
    %scale = "stablehlo.bitcast_convert"(%scale_storage) : (tensor<2xi8>) -> tensor<2x!quant.uniform<i8:f32, 0.25:0>>
    %offset_storage = stablehlo.constant dense<[0, 1]> : tensor<2xi8>
    %offset = "stablehlo.bitcast_convert"(%offset_storage) : (tensor<2xi8>) -> tensor<2x!quant.uniform<i8:f32, 0.5:0>>
    %output, %batch_mean, %batch_var = "stablehlo.batch_norm_training"(%operand, %scale, %offset) {
      epsilon = 2.75 : f32,
      feature_index = 0 : i64
    } : (tensor<2x4x!quant.uniform<i8:f32, 0.5:0>>, tensor<2x!quant.uniform<i8:f32, 0.25:0>>, tensor<2x!quant.uniform<i8:f32, 0.5:0>>) ->
        (tensor<2x4x!quant.uniform<i8:f32, 0.25:2>>, tensor<2x!quant.uniform<i8:f32, 0.5:-1>>, tensor<2x!quant.uniform<i8:f32, 0.125:0>>)
    %output_storage = "stablehlo.bitcast_convert"(%output) : (tensor<2x4x!quant.uniform<i8:f32, 0.25:2>>) -> tensor<2x4xi8>
    check.expect_eq_const %output_storage, dense<[[-4, 0, 4, 8], [4, 4, 4, 4]]> : tensor<2x4xi8>
    %batch_mean_storage = "stablehlo.bitcast_convert"(%batch_mean) : (tensor<2x!quant.uniform<i8:f32, 0.5:-1>>) -> tensor<2xi8>
    check.expect_eq_const %batch_mean_storage, dense<[4, -11]> : tensor<2xi8>
    %batch_var_storage = "stablehlo.bitcast_convert"(%batch_var) : (tensor<2x!quant.uniform<i8:f32, 0.125:0>>) -> tensor<2xi8>
    check.expect_eq_const %batch_var_storage, dense<[10, 0]> : tensor<2xi8>
    func.return
  }
}
