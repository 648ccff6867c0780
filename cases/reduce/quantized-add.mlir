// Case: spec/reduce/quantized-add
// Per-tensor quantized i8 (scale 0.5, zero point 1) rows summed by a quantized add body: every step is
// dequantize-add-quantize. Row 0: 2 - 2 + 3 = 3 (q 7); row 1: 0.5 + 4 + 0 = 4.5 (q 10).
module {
  func.func @main() {
    %input_storage = stablehlo.constant dense<[[5, -3, 7], [2, 9, 1]]> : tensor<2x3xi8>
    %input = "stablehlo.bitcast_convert"(%input_storage) : (tensor<2x3xi8>) -> tensor<2x3x!quant.uniform<i8:f32, 0.5:1>>
    %init_storage = stablehlo.constant dense<1> : tensor<i8>
    %init = "stablehlo.bitcast_convert"(%init_storage) : (tensor<i8>) -> tensor<!quant.uniform<i8:f32, 0.5:1>>
    %result = "stablehlo.reduce"(%input, %init) ({
      ^bb0(%arg0: tensor<!quant.uniform<i8:f32, 0.5:1>>, %arg1: tensor<!quant.uniform<i8:f32, 0.5:1>>):
        %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<!quant.uniform<i8:f32, 0.5:1>>, tensor<!quant.uniform<i8:f32, 0.5:1>>) -> tensor<!quant.uniform<i8:f32, 0.5:1>>
        "stablehlo.return"(%0) : (tensor<!quant.uniform<i8:f32, 0.5:1>>) -> ()
    }) {
      dimensions = array<i64: 1>
    } : (tensor<2x3x!quant.uniform<i8:f32, 0.5:1>>, tensor<!quant.uniform<i8:f32, 0.5:1>>) -> tensor<2x!quant.uniform<i8:f32, 0.5:1>>
    %result_storage = "stablehlo.bitcast_convert"(%result) : (tensor<2x!quant.uniform<i8:f32, 0.5:1>>) -> tensor<2xi8>
    check.expect_eq_const %result_storage, dense<[7, 10]> : tensor<2xi8>
    func.return
  }
}
