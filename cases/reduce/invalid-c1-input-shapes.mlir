// Case: spec-invalid/reduce/invalid-c1-input-shapes
// expect-invalid: reduce C1
// The inputs are 2x3 and 2x4.
module {
  func.func @main(%arg0: tensor<2x3xf32>, %arg1: tensor<2x4xf32>, %arg2: tensor<f32>, %arg3: tensor<f32>) -> (tensor<2xf32>, tensor<2xf32>) {
    %0:2 = "stablehlo.reduce"(%arg0, %arg1, %arg2, %arg3) ({
    ^bb0(%a0: tensor<f32>, %a1: tensor<f32>, %a2: tensor<f32>, %a3: tensor<f32>):
      %r0 = "stablehlo.add"(%a0, %a2) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      %r1 = "stablehlo.add"(%a1, %a3) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%r0, %r1) : (tensor<f32>, tensor<f32>) -> ()
    }) {dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<2x4xf32>, tensor<f32>, tensor<f32>) -> (tensor<2xf32>, tensor<2xf32>)
    func.return %0#0, %0#1 : tensor<2xf32>, tensor<2xf32>
  }
}
