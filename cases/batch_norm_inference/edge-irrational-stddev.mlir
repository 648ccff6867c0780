// Case: spec/batch_norm_inference/edge-irrational-stddev
// variance 2, epsilon 0: the result s * (x - m) / sqrt(2) + o is irrational; the exact value
// rounded once equals the op-by-op result (asserted by the generator).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[3.0], [-1.0], [1.0], [2.0]]> : tensor<4x1xf32>
    %scale = stablehlo.constant dense<[1.0]> : tensor<1xf32>
    %offset = stablehlo.constant dense<[0.0]> : tensor<1xf32>
    %mean = stablehlo.constant dense<[1.0]> : tensor<1xf32>
    %variance = stablehlo.constant dense<[2.0]> : tensor<1xf32>
    %result = "stablehlo.batch_norm_inference"(%operand, %scale, %offset, %mean, %variance) {
      epsilon = 0.0 : f32,
      feature_index = 1 : i64
    } : (tensor<4x1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<4x1xf32>
    check.expect_eq_const %result, dense<[[1.4142135], [-1.4142135], [0.0], [0.70710677]]> : tensor<4x1xf32>
    func.return
  }
}
