// Case: spec-invalid/slice/invalid-c2-indices-size
// expect-invalid: slice C2
// start_indices has 2 entries for a rank-1 operand.
module {
  func.func @main(%arg0: tensor<4xf32>) -> tensor<2xf32> {
    %0 = "stablehlo.slice"(%arg0) {start_indices = array<i64: 0, 0>, limit_indices = array<i64: 2>, strides = array<i64: 1>} : (tensor<4xf32>) -> tensor<2xf32>
    func.return %0 : tensor<2xf32>
  }
}
