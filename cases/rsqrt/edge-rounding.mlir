// Case: spec/rsqrt/edge-rounding
// rsqrt correctly rounded on f32.
// Exact values (mpmath) 0.707106781186547524401, 0.577350269189625764509, 1.4142135623730950488, each rounded to nearest-even f32.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[2.0, 3.0, 0.5]> : tensor<3xf32>
    %result = stablehlo.rsqrt %operand : tensor<3xf32>
    check.expect_eq_const %result, dense<[0.70710677, 0.57735026, 1.4142135]> : tensor<3xf32>
    func.return
  }
}
