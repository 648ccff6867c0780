// Case: spec/tanh/edge-f64
// tanh on f64.
// Exact values (mpmath) 0.761594155955764888119, 0.462117157260009758502, 0.999999999999999937217, -1.00000000000000002506e-300, each rounded to nearest-even f64.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1.0, 0.5, 19.0, -1.0e-300]> : tensor<4xf64>
    %result = stablehlo.tanh %operand : tensor<4xf64>
    check.expect_eq_const %result, dense<[0.7615941559557649, 0.46211715726000974, 0.9999999999999999, -1.0e-300]> : tensor<4xf64>
    func.return
  }
}
