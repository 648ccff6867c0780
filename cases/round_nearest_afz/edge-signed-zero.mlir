// Case: spec/round_nearest_afz/edge-signed-zero
// roundToIntegralTiesToAway keeps the sign: -0.4 -> -0.0, -0.0 -> -0.0; -0.5 -> -1.0.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[-0.0, -0.4, -0.5, 0.0]> : tensor<4xf32>
    %result = stablehlo.round_nearest_afz %operand : tensor<4xf32>
    check.expect_eq_const %result, dense<[-0.0, -0.0, -1.0, 0.0]> : tensor<4xf32>
    func.return
  }
}
