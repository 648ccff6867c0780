// Case: spec-invalid/dynamic_pad/invalid-c1-padding-value-element
// expect-invalid: dynamic_pad C1
// The operand is f32, padding_value f64.
module {
  func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<f64>, %arg2: tensor<1xi64>, %arg3: tensor<1xi64>, %arg4: tensor<1xi64>) -> tensor<?xf32> {
    %0 = "stablehlo.dynamic_pad"(%arg0, %arg1, %arg2, %arg3, %arg4) : (tensor<2xf32>, tensor<f64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xf32>
    func.return %0 : tensor<?xf32>
  }
}
