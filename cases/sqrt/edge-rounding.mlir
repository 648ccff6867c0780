// Case: spec/sqrt/edge-rounding
// sqrt correctly rounded on f32 (sqrt(2), sqrt(3), sqrt(max)).
// Exact values (mpmath) 1.4142135623730950488, 1.73205080756887729353, 18446743523953729536.0, each rounded to nearest-even f32.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[2.0, 3.0, 3.4028235e+38]> : tensor<3xf32>
    %result = stablehlo.sqrt %operand : tensor<3xf32>
    check.expect_eq_const %result, dense<[1.4142135, 1.7320508, 1.8446743e+19]> : tensor<3xf32>
    func.return
  }
}
