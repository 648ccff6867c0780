// Case: spec/log/edge-f16
// log on f16 (smallest subnormal, max, 2).
// Exact values (mpmath) -16.635532333438687426, 11.0898664884610160762, 0.693147180559945309417, each rounded to nearest-even f16.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0x0001, 65504.0, 2.0]> : tensor<3xf16>
    %result = stablehlo.log %operand : tensor<3xf16>
    check.expect_eq_const %result, dense<[-16.640625, 11.09375, 0.6934]> : tensor<3xf16>
    func.return
  }
}
