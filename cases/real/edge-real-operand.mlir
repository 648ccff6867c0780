// Case: spec/real/edge-real-operand
// Spec: for a floating-point (non-complex) operand, real(x) = x.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1.5, -0.0, 0x7F800000]> : tensor<3xf32>
    %result = stablehlo.real %operand : (tensor<3xf32>) -> tensor<3xf32>
    check.expect_eq_const %result, dense<[1.5, -0.0, 0x7F800000]> : tensor<3xf32>
    func.return
  }
}
