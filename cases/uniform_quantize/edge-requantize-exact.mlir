// Case: spec/uniform_quantize/edge-requantize-exact
// Requantize i8 {0.5:10} -> i8 {0.25:-4} (dequantize then quantize, all exact).
module {
  func.func @main() {
    %storage_in = stablehlo.constant dense<[10, 12, 0, 127]> : tensor<4xi8>
    %operand = "stablehlo.bitcast_convert"(%storage_in) : (tensor<4xi8>) -> tensor<4x!quant.uniform<i8:f32, 0.5:10>>
    %result = "stablehlo.uniform_quantize"(%operand) : (tensor<4x!quant.uniform<i8:f32, 0.5:10>>) -> tensor<4x!quant.uniform<i8:f32, 0.25:-4>>
    %storage = "stablehlo.bitcast_convert"(%result) : (tensor<4x!quant.uniform<i8:f32, 0.25:-4>>) -> tensor<4xi8>
    check.expect_eq_const %storage, dense<[-4, 0, -24, 127]> : tensor<4xi8>
    func.return
  }
}
