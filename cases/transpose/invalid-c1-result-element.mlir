// Case: spec-invalid/transpose/invalid-c1-result-element
// expect-invalid: transpose C1
// An f32 operand transposed into f64.
module {
  func.func @main(%arg0: tensor<2x3xf32>) -> tensor<3x2xf64> {
    %0 = "stablehlo.transpose"(%arg0) {permutation = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf64>
    func.return %0 : tensor<3x2xf64>
  }
}
