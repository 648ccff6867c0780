// Case: spec/convert/edge-complex-widening
// complex<f32> -> complex<f64> converts both parts exactly.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[(1.5, 0.1), (-0.0, 0x7F800000)]> : tensor<2xcomplex<f32>>
    %result = stablehlo.convert %operand : (tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f64>>
    check.expect_eq_const %result, dense<[(1.5, 0.10000000149011612), (-0.0, 0x7FF0000000000000)]> : tensor<2xcomplex<f64>>
    func.return
  }
}
