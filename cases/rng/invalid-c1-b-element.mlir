// Case: spec-invalid/rng/invalid-c1-b-element
// expect-invalid: rng C1
// a is f32, b f64.
module {
  func.func @main(%arg0: tensor<f32>, %arg1: tensor<f64>, %arg2: tensor<1xi64>) -> tensor<2xf32> {
    %0 = "stablehlo.rng"(%arg0, %arg1, %arg2) {rng_distribution = #stablehlo<rng_distribution UNIFORM>} : (tensor<f32>, tensor<f64>, tensor<1xi64>) -> tensor<2xf32>
    func.return %0 : tensor<2xf32>
  }
}
