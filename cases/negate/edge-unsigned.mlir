// Case: spec/negate/edge-unsigned
// Spec: unsigned negate is bitcast to signed, negate, bitcast back (ui8: -1 -> 255, 128 -> 128).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1, 128, 0, 255]> : tensor<4xui8>
    %result = stablehlo.negate %operand : tensor<4xui8>
    check.expect_eq_const %result, dense<[255, 128, 0, 1]> : tensor<4xui8>
    func.return
  }
}
