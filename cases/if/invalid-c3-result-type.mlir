// Case: spec-invalid/if/invalid-c3-result-type
// expect-invalid: if C3
// The branches return f32, the result is f64.
module {
  func.func @main(%arg0: tensor<i1>, %arg1: tensor<f32>, %arg2: tensor<f64>) -> tensor<f64> {
    %0 = "stablehlo.if"(%arg0) ({
      "stablehlo.return"(%arg1) : (tensor<f32>) -> ()
    }, {
      "stablehlo.return"(%arg1) : (tensor<f32>) -> ()
    }) : (tensor<i1>) -> tensor<f64>
    func.return %0 : tensor<f64>
  }
}
