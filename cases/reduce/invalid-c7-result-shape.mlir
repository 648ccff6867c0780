// Case: spec-invalid/reduce/invalid-c7-result-shape
// expect-invalid: reduce C7
// Reducing dimension 1 of 2x3 leaves 2, the result has 3.
module {
  func.func @main(%arg0: tensor<2x3xf32>, %arg1: tensor<f32>) -> tensor<3xf32> {
    %0 = "stablehlo.reduce"(%arg0, %arg1) ({
    ^bb0(%a0: tensor<f32>, %a1: tensor<f32>):
      %r0 = "stablehlo.add"(%a0, %a1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%r0) : (tensor<f32>) -> ()
    }) {dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<3xf32>
    func.return %0 : tensor<3xf32>
  }
}
