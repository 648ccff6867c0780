// Case: spec/round_nearest_afz/edge-f16
// Ties away from zero on f16.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.5, 2.5, -3.5, 1023.5]> : tensor<4xf16>
    %result = stablehlo.round_nearest_afz %operand : tensor<4xf16>
    check.expect_eq_const %result, dense<[1.0, 3.0, -4.0, 1024.0]> : tensor<4xf16>
    func.return
  }
}
