// Case: spec/constant/edge-f64
// f64 constants: max, min subnormal, -0.0, 0.1.
module {
  func.func @main() {
    %c = stablehlo.constant dense<[1.7976931348623157e+308, 0x0000000000000001, -0.0, 0.1]> : tensor<4xf64>
    check.expect_eq_const %c, dense<[1.7976931348623157e+308, 0x0000000000000001, -0.0, 0.1]> : tensor<4xf64>
    func.return
  }
}
