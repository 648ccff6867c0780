// Case: spec/chlo.erf_inv/edge-f64
// erf_inv of f64 arguments, among them the largest f64 below 1 (erf(y) within 2^-53 of 1)
// and a subnormal.
// Exact values (mpmath) 0.0888559904942576919743, 5.86358474875516792721, 7.00566845257150629497e-323, each rounded to nearest-even f64.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.1, 0.9999999999999999, 0x0000000000000010]> : tensor<3xf64>
    %result = chlo.erf_inv %operand : tensor<3xf64> -> tensor<3xf64>
    check.expect_eq_const %result, dense<[0.08885599049425769, 5.8635847487551676, 0x000000000000000E]> : tensor<3xf64>
    func.return
  }
}
