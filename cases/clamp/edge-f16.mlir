// Case: spec/clamp/edge-f16
// clamp on f16.
module {
  func.func @main() {
    %min = stablehlo.constant dense<[0.0, 0.0]> : tensor<2xf16>
    %operand = stablehlo.constant dense<[65504.0, 0x8001]> : tensor<2xf16>
    %max = stablehlo.constant dense<[1.0, 1.0]> : tensor<2xf16>
    %result = stablehlo.clamp %min, %operand, %max : tensor<2xf16>
    check.expect_eq_const %result, dense<[1.0, 0.0]> : tensor<2xf16>
    func.return
  }
}
