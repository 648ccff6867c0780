// Case: spec-invalid/select/invalid-c1-pred-shape
// expect-invalid: select C1
// pred is neither a scalar nor of on_true's shape.
module {
  func.func @main(%arg0: tensor<3xi1>, %arg1: tensor<2xf32>, %arg2: tensor<2xf32>) -> tensor<2xf32> {
    %0 = "stablehlo.select"(%arg0, %arg1, %arg2) : (tensor<3xi1>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    func.return %0 : tensor<2xf32>
  }
}
