// Case: spec-invalid/while/invalid-c2-body-type
// expect-invalid: while C2
// body takes and returns f64 for an f32 operand.
module {
  func.func @main(%arg0: tensor<f32>) -> tensor<f32> {
    %0 = "stablehlo.while"(%arg0) ({
    ^bb0(%a: tensor<f32>):
      %c = stablehlo.constant dense<false> : tensor<i1>
      "stablehlo.return"(%c) : (tensor<i1>) -> ()
    }, {
    ^bb0(%a: tensor<f64>):
      "stablehlo.return"(%a) : (tensor<f64>) -> ()
    }) : (tensor<f32>) -> tensor<f32>
    func.return %0 : tensor<f32>
  }
}
