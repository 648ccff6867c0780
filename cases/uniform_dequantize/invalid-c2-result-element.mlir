// Case: spec-invalid/uniform_dequantize/invalid-c2-result-element
// expect-invalid: uniform_dequantize C2
// A type expressed in f32 dequantized into bf16.
module {
  func.func @main(%arg0: tensor<2x!quant.uniform<i8:f32, 0.5:0>>) -> tensor<2xbf16> {
    %0 = "stablehlo.uniform_dequantize"(%arg0) : (tensor<2x!quant.uniform<i8:f32, 0.5:0>>) -> tensor<2xbf16>
    func.return %0 : tensor<2xbf16>
  }
}
