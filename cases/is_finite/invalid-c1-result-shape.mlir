// Case: spec-invalid/is_finite/invalid-c1-result-shape
// expect-invalid: is_finite C1
// y has another shape than x.
module {
  func.func @main(%arg0: tensor<2xf32>) -> tensor<3xi1> {
    %0 = "stablehlo.is_finite"(%arg0) : (tensor<2xf32>) -> tensor<3xi1>
    func.return %0 : tensor<3xi1>
  }
}
