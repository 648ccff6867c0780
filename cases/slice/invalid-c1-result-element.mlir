// Case: spec-invalid/slice/invalid-c1-result-element
// expect-invalid: slice C1
// An f32 operand sliced into f64.
module {
  func.func @main(%arg0: tensor<4xf32>) -> tensor<2xf64> {
    %0 = "stablehlo.slice"(%arg0) {start_indices = array<i64: 0>, limit_indices = array<i64: 2>, strides = array<i64: 1>} : (tensor<4xf32>) -> tensor<2xf64>
    func.return %0 : tensor<2xf64>
  }
}
