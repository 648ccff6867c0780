// Case: spec/iota/edge-complex
// iota on complex<f32>: real part is the index, imaginary part zero.
module {
  func.func @main() {
    %output = stablehlo.iota dim = 0 : tensor<3xcomplex<f32>>
    check.expect_eq_const %output, dense<[(0.0, 0.0), (1.0, 0.0), (2.0, 0.0)]> : tensor<3xcomplex<f32>>
    func.return
  }
}
