// Case: spec-invalid/reduce_window/invalid-c2-input-shapes
// expect-invalid: reduce_window C2
// The inputs have 4 and 5 elements.
module {
  func.func @main(%arg0: tensor<4xf32>, %arg1: tensor<5xf32>, %arg2: tensor<f32>, %arg3: tensor<f32>) -> (tensor<3xf32>, tensor<3xf32>) {
    %0:2 = "stablehlo.reduce_window"(%arg0, %arg1, %arg2, %arg3) ({
    ^bb0(%a0: tensor<f32>, %a1: tensor<f32>, %a2: tensor<f32>, %a3: tensor<f32>):
      %r0 = "stablehlo.add"(%a0, %a2) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      %r1 = "stablehlo.add"(%a1, %a3) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%r0, %r1) : (tensor<f32>, tensor<f32>) -> ()
    }) {window_dimensions = array<i64: 2>, window_strides = array<i64: 1>, base_dilations = array<i64: 1>, window_dilations = array<i64: 1>, padding = dense<0> : tensor<1x2xi64>} : (tensor<4xf32>, tensor<5xf32>, tensor<f32>, tensor<f32>) -> (tensor<3xf32>, tensor<3xf32>)
    func.return %0#0, %0#1 : tensor<3xf32>, tensor<3xf32>
  }
}
