// Case: spec-invalid/if/invalid-c2-branch-types
// expect-invalid: if C2
// The true branch returns f32, the false branch f64.
module {
  func.func @main(%arg0: tensor<i1>, %arg1: tensor<f32>, %arg2: tensor<f64>) -> tensor<f32> {
    %0 = "stablehlo.if"(%arg0) ({
      "stablehlo.return"(%arg1) : (tensor<f32>) -> ()
    }, {
      "stablehlo.return"(%arg2) : (tensor<f64>) -> ()
    }) : (tensor<i1>) -> tensor<f32>
    func.return %0 : tensor<f32>
  }
}
