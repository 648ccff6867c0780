// Case: spec/batch_norm_inference/edge-f16
// f16 batch_norm_inference, feature_index = 1, epsilon = 1 (variance 15 -> stddev 4).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[8.0, 1.0], [-8.0, 3.0]]> : tensor<2x2xf16>
    %scale = stablehlo.constant dense<[2.0, 0.5]> : tensor<2xf16>
    %offset = stablehlo.constant dense<[1.0, -1.0]> : tensor<2xf16>
    %mean = stablehlo.constant dense<[0.0, 1.0]> : tensor<2xf16>
    %variance = stablehlo.constant dense<[15.0, 0.0]> : tensor<2xf16>
    %result = "stablehlo.batch_norm_inference"(%operand, %scale, %offset, %mean, %variance) {
      epsilon = 1.0 : f32,
      feature_index = 1 : i64
    } : (tensor<2x2xf16>, tensor<2xf16>, tensor<2xf16>, tensor<2xf16>, tensor<2xf16>) -> tensor<2x2xf16>
    check.expect_eq_const %result, dense<[[5.0, -1.0], [-3.0, 0.0]]> : tensor<2x2xf16>
    func.return
  }
}
