// Case: spec-invalid/dynamic_reshape/invalid-c4-output-shape-size
// expect-invalid: dynamic_reshape C4
// output_shape has 2 elements for a rank-1 result.
module {
  func.func @main(%arg0: tensor<2x3xf32>, %arg1: tensor<2xi64>) -> tensor<6xf32> {
    %0 = "stablehlo.dynamic_reshape"(%arg0, %arg1) : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<6xf32>
    func.return %0 : tensor<6xf32>
  }
}
