// Case: spec/reduce_precision/edge-identity
// e8m23 on f32 is the identity: neither the mantissa step (23 bits kept) nor the exponent step (8 bits fit)
// changes anything, so the subnormal 2^-149 is kept (as in the upstream StableHLO interpreter).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.1, 0x00000001, 3.4028235e+38, -0.0]> : tensor<4xf32>
    %output = stablehlo.reduce_precision %operand, format = e8m23 : tensor<4xf32>
    check.expect_eq_const %output, dense<[0.1, 0x00000001, 3.4028235e+38, -0.0]> : tensor<4xf32>
    func.return
  }
}
