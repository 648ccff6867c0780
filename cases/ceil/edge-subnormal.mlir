// Case: spec/ceil/edge-subnormal
// ceil of subnormals: positive -> 1.0, negative -> -0.0.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0x00000001, 0x80000001, 1.1754944e-38, -1.1754944e-38]> : tensor<4xf32>
    %result = stablehlo.ceil %operand : tensor<4xf32>
    check.expect_eq_const %result, dense<[1.0, -0.0, 1.0, -0.0]> : tensor<4xf32>
    func.return
  }
}
