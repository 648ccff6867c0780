// Case: spec-invalid/reverse/invalid-c3-dims-range
// expect-invalid: reverse C3
// dimensions names dimension 1 of a rank-1 tensor.
module {
  func.func @main(%arg0: tensor<2xf32>) -> tensor<2xf32> {
    %0 = "stablehlo.reverse"(%arg0) {dimensions = array<i64: 1>} : (tensor<2xf32>) -> tensor<2xf32>
    func.return %0 : tensor<2xf32>
  }
}
