// Case: spec-invalid/reduce/invalid-c6-body-type
// expect-invalid: reduce C6
// The body takes i32 scalars for an f32 input (f32 does not promote to i32).
module {
  func.func @main(%arg0: tensor<2x3xf32>, %arg1: tensor<f32>) -> tensor<2xf32> {
    %0 = "stablehlo.reduce"(%arg0, %arg1) ({
    ^bb0(%a0: tensor<i32>, %a1: tensor<i32>):
      %r0 = "stablehlo.add"(%a0, %a1) : (tensor<i32>, tensor<i32>) -> tensor<i32>
      "stablehlo.return"(%r0) : (tensor<i32>) -> ()
    }) {dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
    func.return %0 : tensor<2xf32>
  }
}
