// Case: spec/constant/edge-f16
// f16 constants: max, min subnormal, -0.0, inf.
module {
  func.func @main() {
    %c = stablehlo.constant dense<[65504.0, 0x0001, -0.0, 0x7C00]> : tensor<4xf16>
    check.expect_eq_const %c, dense<[65504.0, 0x0001, -0.0, 0x7C00]> : tensor<4xf16>
    func.return
  }
}
