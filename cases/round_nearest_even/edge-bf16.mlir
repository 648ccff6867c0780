// Case: spec/round_nearest_even/edge-bf16
// Ties to even on bf16.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.5, 2.5, -126.5, 127.5]> : tensor<4xbf16>
    %result = stablehlo.round_nearest_even %operand : tensor<4xbf16>
    check.expect_eq_const %result, dense<[0.0, 2.0, -126.0, 128.0]> : tensor<4xbf16>
    func.return
  }
}
