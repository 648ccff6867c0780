// Case: spec/imag/example-1
// From the spec's `imag` example (complex<f32>).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[(1.0, 2.0), (3.0, 4.0)]> : tensor<2xcomplex<f32>>
    %result = stablehlo.imag %operand : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
    check.expect_eq_const %result, dense<[2.0, 4.0]> : tensor<2xf32>
    func.return
  }
}
