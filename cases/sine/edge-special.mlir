// Case: spec/sine/edge-special
// sin(+-0) = +-0, sin(+-inf) = NaN, NaN propagates.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[-0.0, 0.0, 0x7F800000, 0xFF800000, 0x7FC00000]> : tensor<5xf32>
    %result = stablehlo.sine %operand : tensor<5xf32>
    check.expect_eq_const %result, dense<[-0.0, 0.0, 0x7FC00000, 0x7FC00000, 0x7FC00000]> : tensor<5xf32>
    func.return
  }
}
