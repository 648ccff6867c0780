// Case: spec-invalid/concatenate/invalid-c4-dimension
// expect-invalid: concatenate C4
// dimension 1 is out of range for rank-1 inputs.
module {
  func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<2xf32>) -> tensor<4xf32> {
    %0 = "stablehlo.concatenate"(%arg0, %arg1) {dimension = 1 : i64} : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32>
    func.return %0 : tensor<4xf32>
  }
}
