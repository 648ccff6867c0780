// Case: spec-invalid/concatenate/invalid-c5-result-element
// expect-invalid: concatenate C5
// f32 inputs with an f64 result.
module {
  func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<2xf32>) -> tensor<4xf64> {
    %0 = "stablehlo.concatenate"(%arg0, %arg1) {dimension = 0 : i64} : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf64>
    func.return %0 : tensor<4xf64>
  }
}
