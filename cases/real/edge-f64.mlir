// Case: spec/real/edge-f64
// real on complex<f64>.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[(1.7976931348623157e+308, -1.0), (0x0000000000000001, 2.0)]> : tensor<2xcomplex<f64>>
    %result = stablehlo.real %operand : (tensor<2xcomplex<f64>>) -> tensor<2xf64>
    check.expect_eq_const %result, dense<[1.7976931348623157e+308, 0x0000000000000001]> : tensor<2xf64>
    func.return
  }
}
