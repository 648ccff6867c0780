// Case: spec-invalid/complex/invalid-c1-rhs-type
// expect-invalid: complex C1
// lhs is f32, rhs f64.
module {
  func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<2xf64>) -> tensor<2xcomplex<f32>> {
    %0 = "stablehlo.complex"(%arg0, %arg1) : (tensor<2xf32>, tensor<2xf64>) -> tensor<2xcomplex<f32>>
    func.return %0 : tensor<2xcomplex<f32>>
  }
}
