// Case: spec/uniform_quantize/edge-f16-expressed
// f16 expressed type, i8 storage, scale 0.125, zero point -5 (the last value clamps to 127).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1.5, -3.0, 100.0]> : tensor<3xf16>
    %result = "stablehlo.uniform_quantize"(%operand) : (tensor<3xf16>) -> tensor<3x!quant.uniform<i8:f16, 0.125:-5>>
    %storage = "stablehlo.bitcast_convert"(%result) : (tensor<3x!quant.uniform<i8:f16, 0.125:-5>>) -> tensor<3xi8>
    check.expect_eq_const %storage, dense<[7, -29, 127]> : tensor<3xi8>
    func.return
  }
}
