// Case: spec-invalid/reduce/invalid-c8-result-element
// expect-invalid: reduce C8
// The body gives f32, the result is f64.
module {
  func.func @main(%arg0: tensor<2x3xf32>, %arg1: tensor<f32>) -> tensor<2xf64> {
    %0 = "stablehlo.reduce"(%arg0, %arg1) ({
    ^bb0(%a0: tensor<f32>, %a1: tensor<f32>):
      %r0 = "stablehlo.add"(%a0, %a1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%r0) : (tensor<f32>) -> ()
    }) {dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf64>
    func.return %0 : tensor<2xf64>
  }
}
