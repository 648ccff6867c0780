// Case: spec/chlo.acos/edge-f64
// acos of f64 arguments, correctly rounded.
// Exact values (mpmath) 1.47062890563333681731, 3.13712051390801548772, each rounded to nearest-even f64.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.1, -0.99999]> : tensor<2xf64>
    %result = chlo.acos %operand : tensor<2xf64> -> tensor<2xf64>
    check.expect_eq_const %result, dense<[1.4706289056333368, 3.1371205139080156]> : tensor<2xf64>
    func.return
  }
}
