// Case: spec-invalid/case/invalid-c3-branch-types
// expect-invalid: case C3
// Branch 0 returns f32, branch 1 f64.
module {
  func.func @main(%arg0: tensor<i32>, %arg1: tensor<f32>, %arg2: tensor<f64>) -> tensor<f32> {
    %0 = "stablehlo.case"(%arg0) ({
      "stablehlo.return"(%arg1) : (tensor<f32>) -> ()
    }, {
      "stablehlo.return"(%arg2) : (tensor<f64>) -> ()
    }) : (tensor<i32>) -> tensor<f32>
    func.return %0 : tensor<f32>
  }
}
