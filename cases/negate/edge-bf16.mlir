// Case: spec/negate/edge-bf16
// negate on bf16.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.0, 3.39e+38, 0x7F80]> : tensor<3xbf16>
    %result = stablehlo.negate %operand : tensor<3xbf16>
    check.expect_eq_const %result, dense<[-0.0, -3.39e+38, 0xFF80]> : tensor<3xbf16>
    func.return
  }
}
