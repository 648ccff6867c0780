// Case: spec/uniform_dequantize/edge-per-tensor
// Per-tensor i8 {0.25:-3}: (q + 3) * 0.25 for storage extremes and zero point.
module {
  func.func @main() {
    %storage = stablehlo.constant dense<[-128, -3, 0, 127]> : tensor<4xi8>
    %operand = "stablehlo.bitcast_convert"(%storage) : (tensor<4xi8>) -> tensor<4x!quant.uniform<i8:f32, 0.25:-3>>
    %result = "stablehlo.uniform_dequantize"(%operand) : (tensor<4x!quant.uniform<i8:f32, 0.25:-3>>) -> tensor<4xf32>
    check.expect_eq_const %result, dense<[-31.25, 0.0, 0.75, 32.5]> : tensor<4xf32>
    func.return
  }
}
