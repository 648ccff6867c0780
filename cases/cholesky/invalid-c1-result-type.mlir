// Case: spec-invalid/cholesky/invalid-c1-result-type
// expect-invalid: cholesky C1
// The result has another element type than a.
module {
  func.func @main(%arg0: tensor<2x2xf32>) -> tensor<2x2xf64> {
    %0 = "stablehlo.cholesky"(%arg0) : (tensor<2x2xf32>) -> tensor<2x2xf64>
    func.return %0 : tensor<2x2xf64>
  }
}
