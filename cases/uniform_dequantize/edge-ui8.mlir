// Case: spec/uniform_dequantize/edge-ui8
// ui8 storage with zero point 128, scale 2.0.
module {
  func.func @main() {
    %storage = stablehlo.constant dense<[0, 128, 255]> : tensor<3xui8>
    %operand = "stablehlo.bitcast_convert"(%storage) : (tensor<3xui8>) -> tensor<3x!quant.uniform<ui8:f32, 2.0:128>>
    %result = "stablehlo.uniform_dequantize"(%operand) : (tensor<3x!quant.uniform<ui8:f32, 2.0:128>>) -> tensor<3xf32>
    check.expect_eq_const %result, dense<[-256.0, 0.0, 254.0]> : tensor<3xf32>
    func.return
  }
}
