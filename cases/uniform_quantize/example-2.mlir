// Case: spec/uniform_quantize/example-2
// From the spec's second `uniform_quantize` example (requantize per-axis i8 {0.1:-30, 0.5:-20}
// -> {0.1:-20, 0.2:-30}); operand storage and result storage go through bitcast_convert.
module {
  func.func @main() {
    %storage_in = stablehlo.constant dense<[10, 10]> : tensor<2xi8>
    %operand = "stablehlo.bitcast_convert"(%storage_in) : (tensor<2xi8>) -> tensor<2x!quant.uniform<i8:f32:0, {0.1:-30,0.5:-20}>>
    %result = "stablehlo.uniform_quantize"(%operand) : (tensor<2x!quant.uniform<i8:f32:0, {0.1:-30,0.5:-20}>>) -> tensor<2x!quant.uniform<i8:f32:0, {0.1:-20,0.2:-30}>>
    %storage = "stablehlo.bitcast_convert"(%result) : (tensor<2x!quant.uniform<i8:f32:0, {0.1:-20,0.2:-30}>>) -> tensor<2xi8>
    check.expect_eq_const %storage, dense<[20, 45]> : tensor<2xi8>
    func.return
  }
}
