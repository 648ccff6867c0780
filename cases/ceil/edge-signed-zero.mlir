// Case: spec/ceil/edge-signed-zero
// ceil(-0.0) = -0.0 and ceil of (-1, 0) is -0.0 (IEEE roundToIntegralTowardPositive keeps the sign).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[-0.0, 0.0, -0.5, 0x00000001]> : tensor<4xf32>
    %result = stablehlo.ceil %operand : tensor<4xf32>
    check.expect_eq_const %result, dense<[-0.0, 0.0, -0.0, 1.0]> : tensor<4xf32>
    func.return
  }
}
