// Case: spec-invalid/transpose/invalid-c3-result-shape
// expect-invalid: transpose C3
// The permutation makes 3x2, not 2x3.
module {
  func.func @main(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
    %0 = "stablehlo.transpose"(%arg0) {permutation = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    func.return %0 : tensor<2x3xf32>
  }
}
