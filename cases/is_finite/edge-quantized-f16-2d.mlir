// Case: spec/is_finite/edge-quantized-f16-2d
// Spec (is_finite): "For quantized types, the result is always true."
// A 2x2 i16 operand with f16 expressed type (scale 0.125, zero point -7), extremes included.
module {
  func.func @main() {
    %x_storage = stablehlo.constant dense<[[-32768, 32767], [-7, 100]]> : tensor<2x2xi16>
    %x = "stablehlo.bitcast_convert"(%x_storage) : (tensor<2x2xi16>) -> tensor<2x2x!quant.uniform<i16:f16, 0.125:-7>>
    %y = "stablehlo.is_finite"(%x) : (tensor<2x2x!quant.uniform<i16:f16, 0.125:-7>>) -> tensor<2x2xi1>
    check.expect_eq_const %y, dense<[[true, true], [true, true]]> : tensor<2x2xi1>
    func.return
  }
}
