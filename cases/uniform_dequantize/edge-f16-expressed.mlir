// Case: spec/uniform_dequantize/edge-f16-expressed
// f16 expressed type with i8 storage, scale 0.125, zero point 7.
module {
  func.func @main() {
    %storage = stablehlo.constant dense<[7, 127, -128]> : tensor<3xi8>
    %operand = "stablehlo.bitcast_convert"(%storage) : (tensor<3xi8>) -> tensor<3x!quant.uniform<i8:f16, 0.125:7>>
    %result = "stablehlo.uniform_dequantize"(%operand) : (tensor<3x!quant.uniform<i8:f16, 0.125:7>>) -> tensor<3xf16>
    check.expect_eq_const %result, dense<[0.0, 15.0, -16.875]> : tensor<3xf16>
    func.return
  }
}
