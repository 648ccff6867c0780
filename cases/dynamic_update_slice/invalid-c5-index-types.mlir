// Case: spec-invalid/dynamic_update_slice/invalid-c5-index-types
// expect-invalid: dynamic_update_slice C5
// One start index is i32, the other i64.
module {
  func.func @main(%arg0: tensor<4x4xf32>, %arg1: tensor<2x2xf32>, %arg2: tensor<i32>, %arg3: tensor<i64>) -> tensor<4x4xf32> {
    %0 = "stablehlo.dynamic_update_slice"(%arg0, %arg1, %arg2, %arg3) : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<i32>, tensor<i64>) -> tensor<4x4xf32>
    func.return %0 : tensor<4x4xf32>
  }
}
