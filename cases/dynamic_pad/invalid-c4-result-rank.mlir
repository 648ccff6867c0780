// Case: spec-invalid/dynamic_pad/invalid-c4-result-rank
// expect-invalid: dynamic_pad C4
// The result has rank 2, the operand 1.
module {
  func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<f32>, %arg2: tensor<1xi64>, %arg3: tensor<1xi64>, %arg4: tensor<1xi64>) -> tensor<?x?xf32> {
    %0 = "stablehlo.dynamic_pad"(%arg0, %arg1, %arg2, %arg3, %arg4) : (tensor<2xf32>, tensor<f32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?x?xf32>
    func.return %0 : tensor<?x?xf32>
  }
}
