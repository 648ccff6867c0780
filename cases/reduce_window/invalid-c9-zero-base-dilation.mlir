// Case: spec-invalid/reduce_window/invalid-c9-zero-base-dilation
// expect-invalid: reduce_window C9
// A base dilation of 0.
module {
  func.func @main(%arg0: tensor<4xf32>, %arg1: tensor<f32>) -> tensor<3xf32> {
    %0 = "stablehlo.reduce_window"(%arg0, %arg1) ({
    ^bb0(%a0: tensor<f32>, %a1: tensor<f32>):
      %r0 = "stablehlo.add"(%a0, %a1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%r0) : (tensor<f32>) -> ()
    }) {window_dimensions = array<i64: 2>, window_strides = array<i64: 1>, base_dilations = array<i64: 0>, window_dilations = array<i64: 1>, padding = dense<0> : tensor<1x2xi64>} : (tensor<4xf32>, tensor<f32>) -> tensor<3xf32>
    func.return %0 : tensor<3xf32>
  }
}
