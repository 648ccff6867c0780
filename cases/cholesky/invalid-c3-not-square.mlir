// Case: spec-invalid/cholesky/invalid-c3-not-square
// expect-invalid: cholesky C3
// a is 2x3: its last two dimensions differ.
module {
  func.func @main(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
    %0 = "stablehlo.cholesky"(%arg0) : (tensor<2x3xf32>) -> tensor<2x3xf32>
    func.return %0 : tensor<2x3xf32>
  }
}
