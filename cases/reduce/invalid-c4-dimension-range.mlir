// Case: spec-invalid/reduce/invalid-c4-dimension-range
// expect-invalid: reduce C4
// dimensions [2] is out of range for a rank-2 input.
module {
  func.func @main(%arg0: tensor<2x3xf32>, %arg1: tensor<f32>) -> tensor<2x3xf32> {
    %0 = "stablehlo.reduce"(%arg0, %arg1) ({
    ^bb0(%a0: tensor<f32>, %a1: tensor<f32>):
      %r0 = "stablehlo.add"(%a0, %a1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%r0) : (tensor<f32>) -> ()
    }) {dimensions = array<i64: 2>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
    func.return %0 : tensor<2x3xf32>
  }
}
