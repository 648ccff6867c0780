// Case: spec-invalid/while/invalid-c1-cond-result
// expect-invalid: while C1
// cond returns f32, not tensor<i1>.
module {
  func.func @main(%arg0: tensor<f32>) -> tensor<f32> {
    %0 = "stablehlo.while"(%arg0) ({
    ^bb0(%a: tensor<f32>):
      %c = stablehlo.constant dense<0.0> : tensor<f32>
      "stablehlo.return"(%c) : (tensor<f32>) -> ()
    }, {
    ^bb0(%a: tensor<f32>):
      "stablehlo.return"(%a) : (tensor<f32>) -> ()
    }) : (tensor<f32>) -> tensor<f32>
    func.return %0 : tensor<f32>
  }
}
