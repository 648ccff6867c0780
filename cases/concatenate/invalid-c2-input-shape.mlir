// Case: spec-invalid/concatenate/invalid-c2-input-shape
// expect-invalid: concatenate C2
// The inputs differ in dimension 1, which is not the concatenated one.
module {
  func.func @main(%arg0: tensor<2x2xf32>, %arg1: tensor<2x3xf32>) -> tensor<4x2xf32> {
    %0 = "stablehlo.concatenate"(%arg0, %arg1) {dimension = 0 : i64} : (tensor<2x2xf32>, tensor<2x3xf32>) -> tensor<4x2xf32>
    func.return %0 : tensor<4x2xf32>
  }
}
