// Case: spec-invalid/dynamic_slice/invalid-c4-size-past-end
// expect-invalid: dynamic_slice C4
// slice_sizes 5 is more than the operand's 4 elements.
module {
  func.func @main(%arg0: tensor<4xf32>, %arg1: tensor<i32>) -> tensor<5xf32> {
    %0 = "stablehlo.dynamic_slice"(%arg0, %arg1) {slice_sizes = array<i64: 5>} : (tensor<4xf32>, tensor<i32>) -> tensor<5xf32>
    func.return %0 : tensor<5xf32>
  }
}
