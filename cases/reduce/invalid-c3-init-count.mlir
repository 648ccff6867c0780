// Case: spec-invalid/reduce/invalid-c3-init-count
// expect-invalid: reduce C3
// Three operands: the inputs and init values cannot pair up.
module {
  func.func @main(%arg0: tensor<2x3xf32>, %arg1: tensor<2x3xf32>, %arg2: tensor<f32>) -> tensor<2xf32> {
    %0 = "stablehlo.reduce"(%arg0, %arg1, %arg2) ({
    ^bb0(%a0: tensor<f32>, %a1: tensor<f32>, %a2: tensor<f32>, %a3: tensor<f32>):
      %r0 = "stablehlo.add"(%a0, %a2) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      %r1 = "stablehlo.add"(%a1, %a3) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%r0, %r1) : (tensor<f32>, tensor<f32>) -> ()
    }) {dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
    func.return %0 : tensor<2xf32>
  }
}
