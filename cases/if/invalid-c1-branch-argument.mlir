// Case: spec-invalid/if/invalid-c1-branch-argument
// expect-invalid: if C1
// The true branch takes an argument.
module {
  func.func @main(%arg0: tensor<i1>, %arg1: tensor<f32>) -> tensor<f32> {
    %0 = "stablehlo.if"(%arg0) ({
    ^bb0(%a: tensor<f32>):
      "stablehlo.return"(%a) : (tensor<f32>) -> ()
    }, {
      "stablehlo.return"(%arg1) : (tensor<f32>) -> ()
    }) : (tensor<i1>) -> tensor<f32>
    func.return %0 : tensor<f32>
  }
}
