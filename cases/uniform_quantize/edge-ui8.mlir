// Case: spec/uniform_quantize/edge-ui8
// ui8 storage with zero point 128 (scale 2.0).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.0, -256.0, 254.0, 3.0, -3.0]> : tensor<5xf32>
    %result = "stablehlo.uniform_quantize"(%operand) : (tensor<5xf32>) -> tensor<5x!quant.uniform<ui8:f32, 2.0:128>>
    %storage = "stablehlo.bitcast_convert"(%result) : (tensor<5x!quant.uniform<ui8:f32, 2.0:128>>) -> tensor<5xui8>
    check.expect_eq_const %storage, dense<[128, 0, 255, 130, 126]> : tensor<5xui8>
    func.return
  }
}
