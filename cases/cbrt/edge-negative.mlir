// Case: spec/cbrt/edge-negative
// cbrt is rootn(x, 3): defined for negative x with a negative result.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[-8.0, -27.0, -0.125]> : tensor<3xf32>
    %result = stablehlo.cbrt %operand : tensor<3xf32>
    check.expect_eq_const %result, dense<[-2.0, -3.0, -0.5]> : tensor<3xf32>
    func.return
  }
}
