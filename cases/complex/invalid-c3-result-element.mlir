// Case: spec-invalid/complex/invalid-c3-result-element
// expect-invalid: complex C3
// f32 parts make complex<f32>, not complex<f64>.
module {
  func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<2xf32>) -> tensor<2xcomplex<f64>> {
    %0 = "stablehlo.complex"(%arg0, %arg1) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xcomplex<f64>>
    func.return %0 : tensor<2xcomplex<f64>>
  }
}
