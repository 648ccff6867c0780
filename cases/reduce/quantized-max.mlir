// Case: spec/reduce/quantized-max
// A quantized maximum body (scale 0.5, zero point 1; init -128 = -64.5).
module {
  func.func @main() {
    %input_storage = stablehlo.constant dense<[[5, -3, 7], [2, 9, 1]]> : tensor<2x3xi8>
    %input = "stablehlo.bitcast_convert"(%input_storage) : (tensor<2x3xi8>) -> tensor<2x3x!quant.uniform<i8:f32, 0.5:1>>
    %init_storage = stablehlo.constant dense<-128> : tensor<i8>
    %init = "stablehlo.bitcast_convert"(%init_storage) : (tensor<i8>) -> tensor<!quant.uniform<i8:f32, 0.5:1>>
    %result = "stablehlo.reduce"(%input, %init) ({
      ^bb0(%arg0: tensor<!quant.uniform<i8:f32, 0.5:1>>, %arg1: tensor<!quant.uniform<i8:f32, 0.5:1>>):
        %0 = "stablehlo.maximum"(%arg0, %arg1) : (tensor<!quant.uniform<i8:f32, 0.5:1>>, tensor<!quant.uniform<i8:f32, 0.5:1>>) -> tensor<!quant.uniform<i8:f32, 0.5:1>>
        "stablehlo.return"(%0) : (tensor<!quant.uniform<i8:f32, 0.5:1>>) -> ()
    }) {
      dimensions = array<i64: 1>
    } : (tensor<2x3x!quant.uniform<i8:f32, 0.5:1>>, tensor<!quant.uniform<i8:f32, 0.5:1>>) -> tensor<2x!quant.uniform<i8:f32, 0.5:1>>
    %result_storage = "stablehlo.bitcast_convert"(%result) : (tensor<2x!quant.uniform<i8:f32, 0.5:1>>) -> tensor<2xi8>
    check.expect_eq_const %result_storage, dense<[7, 9]> : tensor<2xi8>
    func.return
  }
}
