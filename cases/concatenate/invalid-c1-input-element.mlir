// Case: spec-invalid/concatenate/invalid-c1-input-element
// expect-invalid: concatenate C1
// Input 0 is f32, input 1 f64.
module {
  func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<2xf64>) -> tensor<4xf32> {
    %0 = "stablehlo.concatenate"(%arg0, %arg1) {dimension = 0 : i64} : (tensor<2xf32>, tensor<2xf64>) -> tensor<4xf32>
    func.return %0 : tensor<4xf32>
  }
}
