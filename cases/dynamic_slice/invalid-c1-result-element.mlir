// Case: spec-invalid/dynamic_slice/invalid-c1-result-element
// expect-invalid: dynamic_slice C1
// An f32 operand sliced into f64.
module {
  func.func @main(%arg0: tensor<4xf32>, %arg1: tensor<i32>) -> tensor<2xf64> {
    %0 = "stablehlo.dynamic_slice"(%arg0, %arg1) {slice_sizes = array<i64: 2>} : (tensor<4xf32>, tensor<i32>) -> tensor<2xf64>
    func.return %0 : tensor<2xf64>
  }
}
