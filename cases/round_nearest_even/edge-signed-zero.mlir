// Case: spec/round_nearest_even/edge-signed-zero
// roundToIntegralTiesToEven keeps the sign: -0.5 -> -0.0, -0.4 -> -0.0.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[-0.0, -0.4, -0.5, 0.5]> : tensor<4xf32>
    %result = stablehlo.round_nearest_even %operand : tensor<4xf32>
    check.expect_eq_const %result, dense<[-0.0, -0.0, -0.0, 0.0]> : tensor<4xf32>
    func.return
  }
}
