// Case: spec/chlo.erf/edge-special
// erf(+-0) = +-0, erf(+-inf) = +-1, NaN propagates.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.0, -0.0, 0x7F800000, 0xFF800000, 0x7FC00000]> : tensor<5xf32>
    %result = chlo.erf %operand : tensor<5xf32> -> tensor<5xf32>
    check.expect_eq_const %result, dense<[0.0, -0.0, 1.0, -1.0, 0x7FC00000]> : tensor<5xf32>
    func.return
  }
}
