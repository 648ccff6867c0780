// Case: spec/cbrt/edge-rounding-f64
// cbrt of non-cubes, correctly rounded to f64.
// Exact values (mpmath) 1.25992104989487316477, 4.64158883361277889241, -0.100000000000000000694, each rounded to nearest-even f64.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[2.0, 100.0, -0.001]> : tensor<3xf64>
    %result = stablehlo.cbrt %operand : tensor<3xf64>
    check.expect_eq_const %result, dense<[1.2599210498948732, 4.641588833612779, -0.1]> : tensor<3xf64>
    func.return
  }
}
