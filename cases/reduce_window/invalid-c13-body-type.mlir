// Case: spec-invalid/reduce_window/invalid-c13-body-type
// expect-invalid: reduce_window C13
// The body takes i32 scalars for an f32 input (f32 does not promote to i32).
module {
  func.func @main(%arg0: tensor<4xf32>, %arg1: tensor<f32>) -> tensor<3xf32> {
    %0 = "stablehlo.reduce_window"(%arg0, %arg1) ({
    ^bb0(%a0: tensor<i32>, %a1: tensor<i32>):
      %r0 = "stablehlo.add"(%a0, %a1) : (tensor<i32>, tensor<i32>) -> tensor<i32>
      "stablehlo.return"(%r0) : (tensor<i32>) -> ()
    }) {window_dimensions = array<i64: 2>, window_strides = array<i64: 1>, base_dilations = array<i64: 1>, window_dilations = array<i64: 1>, padding = dense<0> : tensor<1x2xi64>} : (tensor<4xf32>, tensor<f32>) -> tensor<3xf32>
    func.return %0 : tensor<3xf32>
  }
}
