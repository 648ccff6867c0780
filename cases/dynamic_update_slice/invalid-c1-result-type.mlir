// Case: spec-invalid/dynamic_update_slice/invalid-c1-result-type
// expect-invalid: dynamic_update_slice C1
// The result has another shape than the operand.
module {
  func.func @main(%arg0: tensor<4xf32>, %arg1: tensor<2xf32>, %arg2: tensor<i32>) -> tensor<5xf32> {
    %0 = "stablehlo.dynamic_update_slice"(%arg0, %arg1, %arg2) : (tensor<4xf32>, tensor<2xf32>, tensor<i32>) -> tensor<5xf32>
    func.return %0 : tensor<5xf32>
  }
}
