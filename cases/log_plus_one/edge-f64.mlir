// Case: spec/log_plus_one/edge-f64
// log1p on f64 (tiny, subnormal, near -1, max).
// Exact values (mpmath) 1.00000000000000002506e-300, 4.94065645841246544177e-324, -36.7368005696771013991, 709.782712893383996732, each rounded to nearest-even f64.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1.0e-300, 0x0000000000000001, -0.9999999999999999, 1.7976931348623157e+308]> : tensor<4xf64>
    %result = stablehlo.log_plus_one %operand : tensor<4xf64>
    check.expect_eq_const %result, dense<[1.0e-300, 0x0000000000000001, -36.7368005696771, 709.782712893384]> : tensor<4xf64>
    func.return
  }
}
