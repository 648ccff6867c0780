// Case: spec-invalid/dynamic_update_slice/invalid-c3-update-rank
// expect-invalid: dynamic_update_slice C3
// A rank-2 update of a rank-1 operand.
module {
  func.func @main(%arg0: tensor<4xf32>, %arg1: tensor<1x2xf32>, %arg2: tensor<i32>) -> tensor<4xf32> {
    %0 = "stablehlo.dynamic_update_slice"(%arg0, %arg1, %arg2) : (tensor<4xf32>, tensor<1x2xf32>, tensor<i32>) -> tensor<4xf32>
    func.return %0 : tensor<4xf32>
  }
}
