// Case: spec-invalid/dynamic_slice/invalid-c2-indices-count
// expect-invalid: dynamic_slice C2
// Two start indices for a rank-1 operand.
module {
  func.func @main(%arg0: tensor<4xf32>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<2xf32> {
    %0 = "stablehlo.dynamic_slice"(%arg0, %arg1, %arg2) {slice_sizes = array<i64: 2>} : (tensor<4xf32>, tensor<i32>, tensor<i32>) -> tensor<2xf32>
    func.return %0 : tensor<2xf32>
  }
}
