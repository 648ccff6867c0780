// Case: spec/cbrt/edge-rounding-f32
// cbrt of non-cubes, correctly rounded to f32.
// Exact values (mpmath) 1.25992104989487316477, 1.44224957030740838232, -2.15443469003188372176, each rounded to nearest-even f32.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[2.0, 3.0, -10.0]> : tensor<3xf32>
    %result = stablehlo.cbrt %operand : tensor<3xf32>
    check.expect_eq_const %result, dense<[1.2599211, 1.4422495, -2.1544347]> : tensor<3xf32>
    func.return
  }
}
