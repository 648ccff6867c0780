// Case: spec/is_finite/edge-bf16
// is_finite on bf16.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[3.39e+38, 0xFF80, 0x7FC0, -0.0]> : tensor<4xbf16>
    %result = stablehlo.is_finite %operand : (tensor<4xbf16>) -> tensor<4xi1>
    check.expect_eq_const %result, dense<[true, false, false, true]> : tensor<4xi1>
    func.return
  }
}
