// Case: spec-invalid/slice/invalid-c4-zero-stride
// expect-invalid: slice C4
// A stride of 0.
module {
  func.func @main(%arg0: tensor<4xf32>) -> tensor<2xf32> {
    %0 = "stablehlo.slice"(%arg0) {start_indices = array<i64: 0>, limit_indices = array<i64: 2>, strides = array<i64: 0>} : (tensor<4xf32>) -> tensor<2xf32>
    func.return %0 : tensor<2xf32>
  }
}
