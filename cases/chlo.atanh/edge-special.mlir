// Case: spec/chlo.atanh/edge-special
// atanh(+-0) = +-0, atanh(+-1) = +-inf (poles), atanh outside [-1, 1] is NaN.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.0, -0.0, 1.0, -1.0, 1.5, 0xFF800000, 0x7FC00000]> : tensor<7xf32>
    %result = chlo.atanh %operand : tensor<7xf32> -> tensor<7xf32>
    check.expect_eq_const %result, dense<[0.0, -0.0, 0x7F800000, 0xFF800000, 0x7FC00000, 0x7FC00000, 0x7FC00000]> : tensor<7xf32>
    func.return
  }
}
