// Case: spec-invalid/dynamic_update_slice/invalid-c2-update-element
// expect-invalid: dynamic_update_slice C2
// The operand is f32, the update f64.
module {
  func.func @main(%arg0: tensor<4xf32>, %arg1: tensor<2xf64>, %arg2: tensor<i32>) -> tensor<4xf32> {
    %0 = "stablehlo.dynamic_update_slice"(%arg0, %arg1, %arg2) : (tensor<4xf32>, tensor<2xf64>, tensor<i32>) -> tensor<4xf32>
    func.return %0 : tensor<4xf32>
  }
}
