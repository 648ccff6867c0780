// Case: spec/exponential/edge-rounding
// exp of small and fractional f32 arguments, correctly rounded.
// Exact values (mpmath) 2.71828182845904523536, 1.64872127070012814685, 0.904837416687646752131, 1.00000000010000000134, each rounded to nearest-even f32.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1.0, 0.5, -0.1, 1.0e-10]> : tensor<4xf32>
    %result = stablehlo.exponential %operand : tensor<4xf32>
    check.expect_eq_const %result, dense<[2.7182817, 1.6487212, 0.9048374, 1.0]> : tensor<4xf32>
    func.return
  }
}
