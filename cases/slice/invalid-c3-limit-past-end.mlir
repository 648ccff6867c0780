// Case: spec-invalid/slice/invalid-c3-limit-past-end
// expect-invalid: slice C3
// limit_indices 5 is past the operand's 4 elements.
module {
  func.func @main(%arg0: tensor<4xf32>) -> tensor<5xf32> {
    %0 = "stablehlo.slice"(%arg0) {start_indices = array<i64: 0>, limit_indices = array<i64: 5>, strides = array<i64: 1>} : (tensor<4xf32>) -> tensor<5xf32>
    func.return %0 : tensor<5xf32>
  }
}
