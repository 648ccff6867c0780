// Case: spec/floor/edge-subnormal
// floor of subnormals: positive -> +0.0, negative -> -1.0.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0x00000001, 0x80000001, 1.1754944e-38, -1.1754944e-38]> : tensor<4xf32>
    %result = stablehlo.floor %operand : tensor<4xf32>
    check.expect_eq_const %result, dense<[0.0, -1.0, 0.0, -1.0]> : tensor<4xf32>
    func.return
  }
}
