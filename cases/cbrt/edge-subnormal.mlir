// Case: spec/cbrt/edge-subnormal
// cbrt of the smallest f32 subnormal 2^-149 and of -2^-126 (normal results).
// Exact values (mpmath) 1.11903468704255108147e-15, -2.27373675443232059479e-13, each rounded to nearest-even f32.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0x00000001, -1.1754944e-38]> : tensor<2xf32>
    %result = stablehlo.cbrt %operand : tensor<2xf32>
    check.expect_eq_const %result, dense<[1.1190347e-15, -2.2737368e-13]> : tensor<2xf32>
    func.return
  }
}
