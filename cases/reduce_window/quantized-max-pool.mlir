// Case: spec/reduce_window/quantized-max-pool
// Quantized max pooling: windows of 2, stride 2, padding [1, 1], init -128.
module {
  func.func @main() {
    %input_storage = stablehlo.constant dense<[5, -3, 7, 2]> : tensor<4xi8>
    %input = "stablehlo.bitcast_convert"(%input_storage) : (tensor<4xi8>) -> tensor<4x!quant.uniform<i8:f32, 0.5:1>>
    %init_storage = stablehlo.constant dense<-128> : tensor<i8>
    %init = "stablehlo.bitcast_convert"(%init_storage) : (tensor<i8>) -> tensor<!quant.uniform<i8:f32, 0.5:1>>
    %result = "stablehlo.reduce_window"(%input, %init) ({
      ^bb0(%arg0: tensor<!quant.uniform<i8:f32, 0.5:1>>, %arg1: tensor<!quant.uniform<i8:f32, 0.5:1>>):
        %0 = "stablehlo.maximum"(%arg0, %arg1) : (tensor<!quant.uniform<i8:f32, 0.5:1>>, tensor<!quant.uniform<i8:f32, 0.5:1>>) -> tensor<!quant.uniform<i8:f32, 0.5:1>>
        "stablehlo.return"(%0) : (tensor<!quant.uniform<i8:f32, 0.5:1>>) -> ()
    }) {
      window_dimensions = array<i64: 2>,
      window_strides = array<i64: 2>,
      padding = dense<[[1, 1]]> : tensor<1x2xi64>
    } : (tensor<4x!quant.uniform<i8:f32, 0.5:1>>, tensor<!quant.uniform<i8:f32, 0.5:1>>) -> tensor<3x!quant.uniform<i8:f32, 0.5:1>>
    %result_storage = "stablehlo.bitcast_convert"(%result) : (tensor<3x!quant.uniform<i8:f32, 0.5:1>>) -> tensor<3xi8>
    check.expect_eq_const %result_storage, dense<[5, 7, 2]> : tensor<3xi8>
    func.return
  }
}
