// Case: spec/round_nearest_even/edge-f64
// f64 ties just below 2^52.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[4503599627370494.5, 4503599627370493.5, 0x8000000000000001]> : tensor<3xf64>
    %result = stablehlo.round_nearest_even %operand : tensor<3xf64>
    check.expect_eq_const %result, dense<[4503599627370494.0, 4503599627370494.0, -0.0]> : tensor<3xf64>
    func.return
  }
}
