// Case: spec/rsqrt/edge-bf16
// rsqrt on bf16.
// Exact values (mpmath) 0.707106781186547524401, 0.577350269189625764509, 9994969258191948922.05, each rounded to nearest-even bf16.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[2.0, 3.0, 1.0e-38]> : tensor<3xbf16>
    %result = stablehlo.rsqrt %operand : tensor<3xbf16>
    check.expect_eq_const %result, dense<[0.70703125, 0.578125, 1.0e+19]> : tensor<3xbf16>
    func.return
  }
}
