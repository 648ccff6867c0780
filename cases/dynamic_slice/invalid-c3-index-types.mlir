// Case: spec-invalid/dynamic_slice/invalid-c3-index-types
// expect-invalid: dynamic_slice C3
// One start index is i32, the other i64.
module {
  func.func @main(%arg0: tensor<4x4xf32>, %arg1: tensor<i32>, %arg2: tensor<i64>) -> tensor<2x2xf32> {
    %0 = "stablehlo.dynamic_slice"(%arg0, %arg1, %arg2) {slice_sizes = array<i64: 2, 2>} : (tensor<4x4xf32>, tensor<i32>, tensor<i64>) -> tensor<2x2xf32>
    func.return %0 : tensor<2x2xf32>
  }
}
