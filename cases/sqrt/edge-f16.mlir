// Case: spec/sqrt/edge-f16
// sqrt on f16 (smallest subnormal 2^-24 -> 2^-12; max; 2).
// Exact values (mpmath) 0.000244140625, 255.937492368742254972, 1.4142135623730950488, each rounded to nearest-even f16.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0x0001, 65504.0, 2.0]> : tensor<3xf16>
    %result = stablehlo.sqrt %operand : tensor<3xf16>
    check.expect_eq_const %result, dense<[0.0002441, 255.875, 1.4140625]> : tensor<3xf16>
    func.return
  }
}
