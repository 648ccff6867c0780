// Case: spec-invalid/dynamic_slice/invalid-c5-result-shape
// expect-invalid: dynamic_slice C5
// slice_sizes [2] with a result of 3 elements.
module {
  func.func @main(%arg0: tensor<4xf32>, %arg1: tensor<i32>) -> tensor<3xf32> {
    %0 = "stablehlo.dynamic_slice"(%arg0, %arg1) {slice_sizes = array<i64: 2>} : (tensor<4xf32>, tensor<i32>) -> tensor<3xf32>
    func.return %0 : tensor<3xf32>
  }
}
