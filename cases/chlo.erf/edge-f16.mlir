// Case: spec/chlo.erf/edge-f16
// erf on f16.
// Exact values (mpmath) 0.520499877813046537683, -0.842700792949714869341, 0.995322265018952734162, each rounded to nearest-even f16.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.5, -1.0, 2.0]> : tensor<3xf16>
    %result = chlo.erf %operand : tensor<3xf16> -> tensor<3xf16>
    check.expect_eq_const %result, dense<[0.5205, -0.843, 0.995]> : tensor<3xf16>
    func.return
  }
}
