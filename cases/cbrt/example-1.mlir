// Case: spec/cbrt/example-1
// From the spec's `cbrt` example (f64, exact cubes).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.0, 1.0, 8.0, 27.0]> : tensor<4xf64>
    %result = stablehlo.cbrt %operand : tensor<4xf64>
    check.expect_eq_const %result, dense<[0.0, 1.0, 2.0, 3.0]> : tensor<4xf64>
    func.return
  }
}
