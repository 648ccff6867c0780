// Case: spec-invalid/while/invalid-c3-result-type
// expect-invalid: while C3
// The result is f64, the operand f32.
module {
  func.func @main(%arg0: tensor<f32>) -> tensor<f64> {
    %0 = "stablehlo.while"(%arg0) ({
    ^bb0(%a: tensor<f32>):
      %c = stablehlo.constant dense<false> : tensor<i1>
      "stablehlo.return"(%c) : (tensor<i1>) -> ()
    }, {
    ^bb0(%a: tensor<f32>):
      "stablehlo.return"(%a) : (tensor<f32>) -> ()
    }) : (tensor<f32>) -> tensor<f64>
    func.return %0 : tensor<f64>
  }
}
