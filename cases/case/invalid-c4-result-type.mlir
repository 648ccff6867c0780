// Case: spec-invalid/case/invalid-c4-result-type
// expect-invalid: case C4
// The branches return f32, the result is f64.
module {
  func.func @main(%arg0: tensor<i32>, %arg1: tensor<f32>) -> tensor<f64> {
    %0 = "stablehlo.case"(%arg0) ({
      "stablehlo.return"(%arg1) : (tensor<f32>) -> ()
    }, {
      "stablehlo.return"(%arg1) : (tensor<f32>) -> ()
    }) : (tensor<i32>) -> tensor<f64>
    func.return %0 : tensor<f64>
  }
}
