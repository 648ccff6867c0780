// Case: spec/negate/edge-inf-nan
// negate of infinities and NaN (NaN stays NaN).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0x7F800000, 0xFF800000, 0x7FC00000, 0x00000001]> : tensor<4xf32>
    %result = stablehlo.negate %operand : tensor<4xf32>
    check.expect_eq_const %result, dense<[0xFF800000, 0x7F800000, 0x7FC00000, 0x80000001]> : tensor<4xf32>
    func.return
  }
}
