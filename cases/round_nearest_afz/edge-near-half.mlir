// Case: spec/round_nearest_afz/edge-near-half
// 0.49999997 (largest f32 below 0.5) rounds to 0, a classic floor(x + 0.5) bug; 1.5 -> 2; -1.5 -> -2.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.49999997, 1.5, -1.5, 8388607.5]> : tensor<4xf32>
    %result = stablehlo.round_nearest_afz %operand : tensor<4xf32>
    check.expect_eq_const %result, dense<[0.0, 2.0, -2.0, 8388608.0]> : tensor<4xf32>
    func.return
  }
}
