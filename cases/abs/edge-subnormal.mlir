// Case: spec/abs/edge-subnormal
// abs of f32 subnormals and the extremes of the normal range is exact.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0x80000001, -1.1754944e-38, -3.4028235e+38]> : tensor<3xf32>
    %result = stablehlo.abs %operand : tensor<3xf32>
    check.expect_eq_const %result, dense<[0x00000001, 1.1754944e-38, 3.4028235e+38]> : tensor<3xf32>
    func.return
  }
}
