// Case: spec-invalid/concatenate/invalid-c6-result-size
// expect-invalid: concatenate C6
// Inputs of 2 and 3 elements make 5, not 4.
module {
  func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<3xf32>) -> tensor<4xf32> {
    %0 = "stablehlo.concatenate"(%arg0, %arg1) {dimension = 0 : i64} : (tensor<2xf32>, tensor<3xf32>) -> tensor<4xf32>
    func.return %0 : tensor<4xf32>
  }
}
