// Case: spec/abs/edge-f64
// abs on f64: -0.0, min subnormal, max, -inf.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[-0.0, 0x8000000000000001, -1.7976931348623157e+308, 0xFFF0000000000000]> : tensor<4xf64>
    %result = stablehlo.abs %operand : tensor<4xf64>
    check.expect_eq_const %result, dense<[0.0, 0x0000000000000001, 1.7976931348623157e+308, 0x7FF0000000000000]> : tensor<4xf64>
    func.return
  }
}
