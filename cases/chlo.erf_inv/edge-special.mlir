// Case: spec/chlo.erf_inv/edge-special
// erf_inv(+-0) = +-0, erf_inv(+-1) = +-inf, outside [-1, 1] and NaN give NaN.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.0, -0.0, 1.0, -1.0, 1.5, 0x7FC00000]> : tensor<6xf32>
    %result = chlo.erf_inv %operand : tensor<6xf32> -> tensor<6xf32>
    check.expect_eq_const %result, dense<[0.0, -0.0, 0x7F800000, 0xFF800000, 0x7FC00000, 0x7FC00000]> : tensor<6xf32>
    func.return
  }
}
