// Case: spec/chlo.erf/edge-rounding-f32
// erf of f32 arguments, correctly rounded.
// Exact values (mpmath) 0.520499877813046537683, -0.966105146475310727067, 0.999999965207778085846, 1.12837916023782090407e-8, each rounded to nearest-even f32.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.5, -1.5, 3.9, 1.0e-8]> : tensor<4xf32>
    %result = chlo.erf %operand : tensor<4xf32> -> tensor<4xf32>
    check.expect_eq_const %result, dense<[0.5204999, -0.96610516, 0.99999994, 1.1283792e-08]> : tensor<4xf32>
    func.return
  }
}
