// Case: spec/batch_norm_training/quantized-clamp
// Spec (batch_norm_training): "For quantized types, performs dequantize_batch_norm_grad_or_training_quantize(lambda
// operand, scale, offset: batch_norm_training(operand, scale, offset, epsilon, feature_index), operand, scale, offset,
// type(output), type(batch_mean), type(batch_var))": the inputs are dequantized, and each of the three float results is
// quantized into its own declared type (here three different scales / zero points).
// 2x2x2 with feature_index = 1, epsilon 0: feature 0 [0, 4, 0, 4] (mean 2, variance 4, scale 1) gives
// (x - 2) / 2 = +-1; feature 1 [1, 1, 3, 3] (mean 2, variance 1, scale 4) gives 4 * (x - 2) = +-4. The output type has
// scale 1/32, so -4 -> -128 is exact and 4 -> 128 clamps to the storage maximum 127.
// operand: i8 (scale 1.0, zero point -2) -> storage [-2, 2, -1, -1, -2, 2, 1, 1] dequantizes to [0, 4, 1, 1, 0, 4, 3, 3].
// scale: i8 (scale 0.25, zero point 0) -> storage [4, 16] dequantizes to [1, 4].
// offset: i8 (scale 0.5, zero point 0) -> storage [0, 0] dequantizes to [0, 0].
// Float batch_norm_training (epsilon 0, feature_index 1): output [-1, 1, -4, -4, -1, 1, 4, 4], batch_mean [2, 2], batch_var [4, 1].
// output: i8 (scale 0.03125, zero point 0) gets quantize([-1, 1, -4, -4, -1, 1, 4, 4]) = [-32, 32, -128, -128, -32, 32, 127, 127].
// batch_mean: i8 (scale 0.25, zero point 1) gets quantize([2, 2]) = [9, 9].
// batch_var: i8 (scale 0.5, zero point -3) gets quantize([4, 1]) = [5, -1].
module {
  func.func @main() {
    %operand_storage = stablehlo.constant dense<[[[-2, 2], [-1, -1]], [[-2, 2], [1, 1]]]> : tensor<2x2x2xi8>
    %operand = "stablehlo.bitcast_convert"(%operand_storage) : (tensor<2x2x2xi8>) -> tensor<2x2x2x!quant.uniform<i8:f32, 1.0:-2>>
    %scale_storage = stablehlo.constant dense<[4, 16]> : tensor<2xi8>
    %scale = "stablehlo.bitcast_convert"(%scale_storage) : (tensor<2xi8>) -> tensor<2x!quant.uniform<i8:f32, 0.25:0>>
    %offset_storage = stablehlo.constant dense<[0, 0]> : tensor<2xi8>
    %offset = "stablehlo.bitcast_convert"(%offset_storage) : (tensor<2xi8>) -> tensor<2x!quant.uniform<i8:f32, 0.5:0>>
    %output, %batch_mean, %batch_var = "stablehlo.batch_norm_training"(%operand, %scale, %offset) {
      epsilon = 0.0 : f32,
      feature_index = 1 : i64
    } : (tensor<2x2x2x!quant.uniform<i8:f32, 1.0:-2>>, tensor<2x!quant.uniform<i8:f32, 0.25:0>>, tensor<2x!quant.uniform<i8:f32, 0.5:0>>) ->
        (tensor<2x2x2x!quant.uniform<i8:f32, 0.03125:0>>, tensor<2x!quant.uniform<i8:f32, 0.25:1>>, tensor<2x!quant.uniform<i8:f32, 0.5:-3>>)
    %output_storage = "stablehlo.bitcast_convert"(%output) : (tensor<2x2x2x!quant.uniform<i8:f32, 0.03125:0>>) -> tensor<2x2x2xi8>
    check.expect_eq_const %output_storage, dense<[[[-32, 32], [-128, -128]], [[-32, 32], [127, 127]]]> : tensor<2x2x2xi8>
    %batch_mean_storage = "stablehlo.bitcast_convert"(%batch_mean) : (tensor<2x!quant.uniform<i8:f32, 0.25:1>>) -> tensor<2xi8>
    check.expect_eq_const %batch_mean_storage, dense<[9, 9]> : tensor<2xi8>
    %batch_var_storage = "stablehlo.bitcast_convert"(%batch_var) : (tensor<2x!quant.uniform<i8:f32, 0.5:-3>>) -> tensor<2xi8>
    check.expect_eq_const %batch_var_storage, dense<[5, -1]> : tensor<2xi8>
    func.return
  }
}
