// Case: spec-invalid/cholesky/invalid-c2-rank-1
// expect-invalid: cholesky C2
// a has rank 1; it needs at least 2.
module {
  func.func @main(%arg0: tensor<2xf32>) -> tensor<2xf32> {
    %0 = "stablehlo.cholesky"(%arg0) : (tensor<2xf32>) -> tensor<2xf32>
    func.return %0 : tensor<2xf32>
  }
}
