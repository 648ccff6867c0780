// Case: spec-invalid/select_and_scatter/invalid-c10-scatter-type
// expect-invalid: select_and_scatter C10
// scatter takes i32 scalars for an f32 operand (f32 does not promote to i32).
module {
  func.func @main(%arg0: tensor<4xf32>, %arg1: tensor<3xf32>, %arg2: tensor<f32>) -> tensor<4xf32> {
    %0 = "stablehlo.select_and_scatter"(%arg0, %arg1, %arg2) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %c = "stablehlo.compare"(%a, %b) {comparison_direction = #stablehlo<comparison_direction GE>} : (tensor<f32>, tensor<f32>) -> tensor<i1>
      "stablehlo.return"(%c) : (tensor<i1>) -> ()
    }, {
    ^bb0(%a0: tensor<i32>, %a1: tensor<i32>):
      %r0 = "stablehlo.add"(%a0, %a1) : (tensor<i32>, tensor<i32>) -> tensor<i32>
      "stablehlo.return"(%r0) : (tensor<i32>) -> ()
    }) {window_dimensions = array<i64: 2>, window_strides = array<i64: 1>, padding = dense<0> : tensor<1x2xi64>} : (tensor<4xf32>, tensor<3xf32>, tensor<f32>) -> tensor<4xf32>
    func.return %0 : tensor<4xf32>
  }
}
