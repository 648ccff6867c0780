// Case: spec/is_finite/edge-f16
// is_finite on f16.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[65504.0, 0x0001, 0x7C00, 0x7E00]> : tensor<4xf16>
    %result = stablehlo.is_finite %operand : (tensor<4xf16>) -> tensor<4xi1>
    check.expect_eq_const %result, dense<[true, true, false, false]> : tensor<4xi1>
    func.return
  }
}
