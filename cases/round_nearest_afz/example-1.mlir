// Case: spec/round_nearest_afz/example-1
// From the spec's `round_nearest_afz` example (f64, ties away from zero).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[-2.5, 0.4, 0.5, 0.6, 2.5]> : tensor<5xf64>
    %result = stablehlo.round_nearest_afz %operand : tensor<5xf64>
    check.expect_eq_const %result, dense<[-3.0, 0.0, 1.0, 1.0, 3.0]> : tensor<5xf64>
    func.return
  }
}
