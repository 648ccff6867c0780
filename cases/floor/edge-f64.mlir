// Case: spec/floor/edge-f64
// floor on f64 near 2^52.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[4503599627370495.5, -4503599627370495.5, -0.1, 0x8000000000000001]> : tensor<4xf64>
    %result = stablehlo.floor %operand : tensor<4xf64>
    check.expect_eq_const %result, dense<[4503599627370495.0, -4503599627370496.0, -1.0, -1.0]> : tensor<4xf64>
    func.return
  }
}
