// Case: spec/cosine/edge-f16
// cos on f16.
// Exact values (mpmath) 0.540302305868139717401, -0.220548055233253872477, 0.000483826776020248693805, each rounded to nearest-even f16.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1.0, 65504.0, 1.5708]> : tensor<3xf16>
    %result = stablehlo.cosine %operand : tensor<3xf16>
    check.expect_eq_const %result, dense<[0.5405, -0.2206, 0.0004838]> : tensor<3xf16>
    func.return
  }
}
