// Case: spec/uniform_quantize/example-1
// From the spec's first `uniform_quantize` example (f32 -> per-axis i8 quantized,
// scales 0.1 / 0.5, zero points -30 / -20); the storage values are read back with bitcast_convert.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[4.0, 15.0]> : tensor<2xf32>
    %result = "stablehlo.uniform_quantize"(%operand) : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32:0, {0.1:-30,0.5:-20}>>
    %storage = "stablehlo.bitcast_convert"(%result) : (tensor<2x!quant.uniform<i8:f32:0, {0.1:-30,0.5:-20}>>) -> tensor<2xi8>
    check.expect_eq_const %storage, dense<[10, 10]> : tensor<2xi8>
    func.return
  }
}
