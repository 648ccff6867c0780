// Case: spec/chlo.lgamma/edge-f64
// lgamma of f64 arguments; near its zero at 2 the result is tiny; 1e306 overflows f64.
// Exact values (mpmath) 2.25271265173420590201, 4.2278436665324979232e-8, -7.54188344347575002442, 7.0359103845617799144e+308, each rounded to nearest-even f64.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.1, 2.0000001, -7.25, 1.0e306]> : tensor<4xf64>
    %result = chlo.lgamma %operand : tensor<4xf64> -> tensor<4xf64>
    check.expect_eq_const %result, dense<[2.252712651734206, 4.227843666532498e-08, -7.54188344347575, 0x7FF0000000000000]> : tensor<4xf64>
    func.return
  }
}
