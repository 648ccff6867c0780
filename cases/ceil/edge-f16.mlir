// Case: spec/ceil/edge-f16
// ceil on f16 (1023.5 is the largest non-integer f16 near 2^10).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1023.5, -1.5, -0.25, 65504.0]> : tensor<4xf16>
    %result = stablehlo.ceil %operand : tensor<4xf16>
    check.expect_eq_const %result, dense<[1024.0, -1.0, -0.0, 65504.0]> : tensor<4xf16>
    func.return
  }
}
