// Case: spec-invalid/optimization_barrier/invalid-c1-result-type
// expect-invalid: optimization_barrier C1
// The result has another type than the operand.
module {
  func.func @main(%arg0: tensor<2xf32>) -> tensor<3xf32> {
    %0 = "stablehlo.optimization_barrier"(%arg0) : (tensor<2xf32>) -> tensor<3xf32>
    func.return %0 : tensor<3xf32>
  }
}
