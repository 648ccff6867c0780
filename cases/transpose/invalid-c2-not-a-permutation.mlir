// Case: spec-invalid/transpose/invalid-c2-not-a-permutation
// expect-invalid: transpose C2
// permutation [0, 0] is not a permutation of [0, 1].
module {
  func.func @main(%arg0: tensor<2x3xf32>) -> tensor<2x2xf32> {
    %0 = "stablehlo.transpose"(%arg0) {permutation = array<i64: 0, 0>} : (tensor<2x3xf32>) -> tensor<2x2xf32>
    func.return %0 : tensor<2x2xf32>
  }
}
