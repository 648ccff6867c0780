// Case: spec-invalid/reverse/invalid-c1-result-type
// expect-invalid: reverse C1
// The result has another shape than the operand.
module {
  func.func @main(%arg0: tensor<2xf32>) -> tensor<3xf32> {
    %0 = "stablehlo.reverse"(%arg0) {dimensions = array<i64: 0>} : (tensor<2xf32>) -> tensor<3xf32>
    func.return %0 : tensor<3xf32>
  }
}
