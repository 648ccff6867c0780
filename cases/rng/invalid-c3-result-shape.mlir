// Case: spec-invalid/rng/invalid-c3-result-shape
// expect-invalid: rng C3
// shape is [2], the result has 3 elements.
module {
  func.func @main(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<3xf32> {
    %shape = stablehlo.constant dense<[2]> : tensor<1xi64>
    %0 = "stablehlo.rng"(%arg0, %arg1, %shape) {rng_distribution = #stablehlo<rng_distribution UNIFORM>} : (tensor<f32>, tensor<f32>, tensor<1xi64>) -> tensor<3xf32>
    func.return %0 : tensor<3xf32>
  }
}
