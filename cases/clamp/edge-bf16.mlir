// Case: spec/clamp/edge-bf16
// clamp on bf16.
module {
  func.func @main() {
    %min = stablehlo.constant dense<[-1.0, -1.0]> : tensor<2xbf16>
    %operand = stablehlo.constant dense<[0x7F80, 0.5]> : tensor<2xbf16>
    %max = stablehlo.constant dense<[1.0, 1.0]> : tensor<2xbf16>
    %result = stablehlo.clamp %min, %operand, %max : tensor<2xbf16>
    check.expect_eq_const %result, dense<[1.0, 0.5]> : tensor<2xbf16>
    func.return
  }
}
