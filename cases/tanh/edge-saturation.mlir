// Case: spec/tanh/edge-saturation
// tanh saturates: tanh(10) and tanh(-9.01) round to +-1 in f32; tanh(8) does not.
// Exact values (mpmath) 0.99999999587769276362, -0.999999970143202232563, 0.99999977492967588981, 0.999999999999999991503, each rounded to nearest-even f32.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[10.0, -9.01, 8.0, 20.0]> : tensor<4xf32>
    %result = stablehlo.tanh %operand : tensor<4xf32>
    check.expect_eq_const %result, dense<[1.0, -0.99999994, 0.99999976, 1.0]> : tensor<4xf32>
    func.return
  }
}
