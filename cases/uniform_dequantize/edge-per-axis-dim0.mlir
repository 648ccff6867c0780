// Case: spec/uniform_dequantize/edge-per-axis-dim0
// Per-axis along dimension 0 of 2x3 (scales 0.5 / 8.0, zero points 0 / 1).
module {
  func.func @main() {
    %storage = stablehlo.constant dense<[[1, 2, 3], [1, 0, -1]]> : tensor<2x3xi8>
    %operand = "stablehlo.bitcast_convert"(%storage) : (tensor<2x3xi8>) -> tensor<2x3x!quant.uniform<i8:f32:0, {0.5:0,8.0:1}>>
    %result = "stablehlo.uniform_dequantize"(%operand) : (tensor<2x3x!quant.uniform<i8:f32:0, {0.5:0,8.0:1}>>) -> tensor<2x3xf32>
    check.expect_eq_const %result, dense<[[0.5, 1.0, 1.5], [0.0, -8.0, -16.0]]> : tensor<2x3xf32>
    func.return
  }
}
