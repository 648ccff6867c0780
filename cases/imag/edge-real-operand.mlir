// Case: spec/imag/edge-real-operand
// Spec: for a floating-point (non-complex) operand, imag(x) = +0.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1.5, -0.0, 0x7F800000]> : tensor<3xf32>
    %result = stablehlo.imag %operand : (tensor<3xf32>) -> tensor<3xf32>
    check.expect_eq_const %result, dense<[0.0, 0.0, 0.0]> : tensor<3xf32>
    func.return
  }
}
