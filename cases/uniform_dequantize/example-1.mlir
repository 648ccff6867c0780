// Case: spec/uniform_dequantize/example-1
// From the spec's `uniform_dequantize` example (per-axis i8, scales 0.1 / 0.5, zero points
// -30 / -20): (10 + 30) * f32(0.1) rounds to 4.0 and (10 + 20) * 0.5 = 15.0.
module {
  func.func @main() {
    %storage = stablehlo.constant dense<[10, 10]> : tensor<2xi8>
    %operand = "stablehlo.bitcast_convert"(%storage) : (tensor<2xi8>) -> tensor<2x!quant.uniform<i8:f32:0, {0.1:-30,0.5:-20}>>
    %result = "stablehlo.uniform_dequantize"(%operand) : (tensor<2x!quant.uniform<i8:f32:0, {0.1:-30,0.5:-20}>>) -> tensor<2xf32>
    check.expect_eq_const %result, dense<[4.0, 15.0]> : tensor<2xf32>
    func.return
  }
}
