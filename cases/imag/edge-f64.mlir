// Case: spec/imag/edge-f64
// imag on complex<f64>.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[(-1.0, 1.7976931348623157e+308), (2.0, 0x0000000000000001)]> : tensor<2xcomplex<f64>>
    %result = stablehlo.imag %operand : (tensor<2xcomplex<f64>>) -> tensor<2xf64>
    check.expect_eq_const %result, dense<[1.7976931348623157e+308, 0x0000000000000001]> : tensor<2xf64>
    func.return
  }
}
