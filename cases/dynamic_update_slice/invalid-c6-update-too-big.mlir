// Case: spec-invalid/dynamic_update_slice/invalid-c6-update-too-big
// expect-invalid: dynamic_update_slice C6
// An update of 5 elements into an operand of 4.
module {
  func.func @main(%arg0: tensor<4xf32>, %arg1: tensor<5xf32>, %arg2: tensor<i32>) -> tensor<4xf32> {
    %0 = "stablehlo.dynamic_update_slice"(%arg0, %arg1, %arg2) : (tensor<4xf32>, tensor<5xf32>, tensor<i32>) -> tensor<4xf32>
    func.return %0 : tensor<4xf32>
  }
}
