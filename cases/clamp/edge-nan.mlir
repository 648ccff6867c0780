// Case: spec/clamp/edge-nan
// clamp = minimum(maximum(x, min), max): a NaN operand or NaN bound propagates (IEEE maximum/minimum).
module {
  func.func @main() {
    %min = stablehlo.constant dense<[0.0, 0x7FC00000, 0.0]> : tensor<3xf32>
    %operand = stablehlo.constant dense<[0x7FC00000, 0.5, 0.5]> : tensor<3xf32>
    %max = stablehlo.constant dense<[1.0, 1.0, 0x7FC00000]> : tensor<3xf32>
    %result = stablehlo.clamp %min, %operand, %max : tensor<3xf32>
    check.expect_eq_const %result, dense<[0x7FC00000, 0x7FC00000, 0x7FC00000]> : tensor<3xf32>
    func.return
  }
}
