// Case: spec/round_nearest_even/edge-f16
// Ties to even on f16.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.5, 2.5, -3.5, 1022.5]> : tensor<4xf16>
    %result = stablehlo.round_nearest_even %operand : tensor<4xf16>
    check.expect_eq_const %result, dense<[0.0, 2.0, -4.0, 1022.0]> : tensor<4xf16>
    func.return
  }
}
