// Case: spec/log_plus_one/edge-f16
// log1p on f16.
// Exact values (mpmath) 0.000999904286958143839367, 11.0898817545877710231, -0.693147180559945309417, each rounded to nearest-even f16.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.001, 65504.0, -0.5]> : tensor<3xf16>
    %result = stablehlo.log_plus_one %operand : tensor<3xf16>
    check.expect_eq_const %result, dense<[0.000999, 11.09375, -0.6934]> : tensor<3xf16>
    func.return
  }
}
