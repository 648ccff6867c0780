// Case: spec/round_nearest_even/edge-near-half
// 0.49999997 (largest f32 below 0.5) rounds to 0; 0.50000006 rounds to 1.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.49999997, 0.50000006, 0x00000001]> : tensor<3xf32>
    %result = stablehlo.round_nearest_even %operand : tensor<3xf32>
    check.expect_eq_const %result, dense<[0.0, 1.0, 0.0]> : tensor<3xf32>
    func.return
  }
}
