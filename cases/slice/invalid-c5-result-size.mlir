// Case: spec-invalid/slice/invalid-c5-result-size
// expect-invalid: slice C5
// Elements 0 to 4 with stride 2 make 2, not 3.
module {
  func.func @main(%arg0: tensor<4xf32>) -> tensor<3xf32> {
    %0 = "stablehlo.slice"(%arg0) {start_indices = array<i64: 0>, limit_indices = array<i64: 4>, strides = array<i64: 2>} : (tensor<4xf32>) -> tensor<3xf32>
    func.return %0 : tensor<3xf32>
  }
}
