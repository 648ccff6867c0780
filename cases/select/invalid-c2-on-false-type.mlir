// Case: spec-invalid/select/invalid-c2-on-false-type
// expect-invalid: select C2
// on_true is f32, on_false f64.
module {
  func.func @main(%arg0: tensor<2xi1>, %arg1: tensor<2xf32>, %arg2: tensor<2xf64>) -> tensor<2xf32> {
    %0 = "stablehlo.select"(%arg0, %arg1, %arg2) : (tensor<2xi1>, tensor<2xf32>, tensor<2xf64>) -> tensor<2xf32>
    func.return %0 : tensor<2xf32>
  }
}
