// Case: spec-invalid/add/invalid-c1-result-type
// expect-invalid: add C1
// An f32 lhs and rhs with an f64 result.
module {
  func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<2xf32>) -> tensor<2xf64> {
    %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf64>
    func.return %0 : tensor<2xf64>
  }
}
