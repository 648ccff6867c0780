// Case: spec-invalid/tuple/invalid-c1-result-type
// expect-invalid: tuple C1
// The values are (f32, f32) but the result type says (f32, f64).
module {
  func.func @main(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tuple<tensor<f32>, tensor<f64>> {
    %0 = "stablehlo.tuple"(%arg0, %arg1) : (tensor<f32>, tensor<f32>) -> tuple<tensor<f32>, tensor<f64>>
    func.return %0 : tuple<tensor<f32>, tensor<f64>>
  }
}
