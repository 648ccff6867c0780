// Case: spec-invalid/complex/invalid-c2-result-shape
// expect-invalid: complex C2
// The result has another shape than lhs.
module {
  func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<2xf32>) -> tensor<3xcomplex<f32>> {
    %0 = "stablehlo.complex"(%arg0, %arg1) : (tensor<2xf32>, tensor<2xf32>) -> tensor<3xcomplex<f32>>
    func.return %0 : tensor<3xcomplex<f32>>
  }
}
