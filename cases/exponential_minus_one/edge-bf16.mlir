// Case: spec/exponential_minus_one/edge-bf16
// expm1 on bf16.
// Exact values (mpmath) 0.000999950300861960818457, 1.71828182845904523536, -0.632120558828557678404, 2.68811714181613544841e+43, each rounded to nearest-even bf16.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.001, 1.0, -1.0, 100.0]> : tensor<4xbf16>
    %result = stablehlo.exponential_minus_one %operand : tensor<4xbf16>
    check.expect_eq_const %result, dense<[0.001, 1.71875, -0.6328125, 0x7F80]> : tensor<4xbf16>
    func.return
  }
}
