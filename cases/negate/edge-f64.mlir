// Case: spec/negate/edge-f64
// negate on f64.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.0, 1.7976931348623157e+308, 0x8000000000000001]> : tensor<3xf64>
    %result = stablehlo.negate %operand : tensor<3xf64>
    check.expect_eq_const %result, dense<[-0.0, -1.7976931348623157e+308, 0x0000000000000001]> : tensor<3xf64>
    func.return
  }
}
