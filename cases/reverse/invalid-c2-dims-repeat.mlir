// Case: spec-invalid/reverse/invalid-c2-dims-repeat
// expect-invalid: reverse C2
// dimensions repeats 0.
module {
  func.func @main(%arg0: tensor<2xf32>) -> tensor<2xf32> {
    %0 = "stablehlo.reverse"(%arg0) {dimensions = array<i64: 0, 0>} : (tensor<2xf32>) -> tensor<2xf32>
    func.return %0 : tensor<2xf32>
  }
}
