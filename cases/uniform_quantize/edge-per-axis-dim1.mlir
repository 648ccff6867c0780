// Case: spec/uniform_quantize/edge-per-axis-dim1
// Per-axis quantization along dimension 1 of a 2x2 operand (scales 0.5 / 4.0, zero points 1 / -2).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[1.0, 8.0], [-1.0, -8.0]]> : tensor<2x2xf32>
    %result = "stablehlo.uniform_quantize"(%operand) : (tensor<2x2xf32>) -> tensor<2x2x!quant.uniform<i8:f32:1, {0.5:1,4.0:-2}>>
    %storage = "stablehlo.bitcast_convert"(%result) : (tensor<2x2x!quant.uniform<i8:f32:1, {0.5:1,4.0:-2}>>) -> tensor<2x2xi8>
    check.expect_eq_const %storage, dense<[[3, 0], [-1, -4]]> : tensor<2x2xi8>
    func.return
  }
}
