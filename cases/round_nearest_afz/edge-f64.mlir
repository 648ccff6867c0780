// Case: spec/round_nearest_afz/edge-f64
// f64 tie just below 2^52 and subnormal input.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[4503599627370494.5, 0x8000000000000001, 0.49999999999999994]> : tensor<3xf64>
    %result = stablehlo.round_nearest_afz %operand : tensor<3xf64>
    check.expect_eq_const %result, dense<[4503599627370495.0, -0.0, 0.0]> : tensor<3xf64>
    func.return
  }
}
