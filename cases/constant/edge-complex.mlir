// Case: spec/constant/edge-complex
// complex<f64> constants with special parts.
module {
  func.func @main() {
    %c = stablehlo.constant dense<[(1.0, -2.0), (-0.0, 0x7FF0000000000000)]> : tensor<2xcomplex<f64>>
    check.expect_eq_const %c, dense<[(1.0, -2.0), (-0.0, 0x7FF0000000000000)]> : tensor<2xcomplex<f64>>
    func.return
  }
}
