// Case: spec/not/edge-unsigned
// Bitwise NOT on ui8: ~0 = 255, ~170 = 85.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0, 255, 170]> : tensor<3xui8>
    %result = stablehlo.not %operand : tensor<3xui8>
    check.expect_eq_const %result, dense<[255, 0, 85]> : tensor<3xui8>
    func.return
  }
}
