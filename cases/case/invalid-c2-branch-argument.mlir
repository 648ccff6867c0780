// Case: spec-invalid/case/invalid-c2-branch-argument
// expect-invalid: case C2
// Branch 0 takes an argument.
module {
  func.func @main(%arg0: tensor<i32>, %arg1: tensor<f32>) -> tensor<f32> {
    %0 = "stablehlo.case"(%arg0) ({
    ^bb0(%a: tensor<f32>):
      "stablehlo.return"(%a) : (tensor<f32>) -> ()
    }, {
      "stablehlo.return"(%arg1) : (tensor<f32>) -> ()
    }) : (tensor<i32>) -> tensor<f32>
    func.return %0 : tensor<f32>
  }
}
