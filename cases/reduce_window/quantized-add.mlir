// Case: spec/reduce_window/quantized-add
// Quantized i8 (scale 0.5, zero point 1) windows of 2, stride 1, padding [1, 0] with the init 1 (0.0):
// [pad, 2] = 2 (q 5), [2, -2] = 0 (q 1), [-2, 3] = 1 (q 3), [3, 0.5] = 3.5 (q 8).
module {
  func.func @main() {
    %input_storage = stablehlo.constant dense<[5, -3, 7, 2]> : tensor<4xi8>
    %input = "stablehlo.bitcast_convert"(%input_storage) : (tensor<4xi8>) -> tensor<4x!quant.uniform<i8:f32, 0.5:1>>
    %init_storage = stablehlo.constant dense<1> : tensor<i8>
    %init = "stablehlo.bitcast_convert"(%init_storage) : (tensor<i8>) -> tensor<!quant.uniform<i8:f32, 0.5:1>>
    %result = "stablehlo.reduce_window"(%input, %init) ({
      ^bb0(%arg0: tensor<!quant.uniform<i8:f32, 0.5:1>>, %arg1: tensor<!quant.uniform<i8:f32, 0.5:1>>):
        %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<!quant.uniform<i8:f32, 0.5:1>>, tensor<!quant.uniform<i8:f32, 0.5:1>>) -> tensor<!quant.uniform<i8:f32, 0.5:1>>
        "stablehlo.return"(%0) : (tensor<!quant.uniform<i8:f32, 0.5:1>>) -> ()
    }) {
      window_dimensions = array<i64: 2>,
      window_strides = array<i64: 1>,
      padding = dense<[[1, 0]]> : tensor<1x2xi64>
    } : (tensor<4x!quant.uniform<i8:f32, 0.5:1>>, tensor<!quant.uniform<i8:f32, 0.5:1>>) -> tensor<4x!quant.uniform<i8:f32, 0.5:1>>
    %result_storage = "stablehlo.bitcast_convert"(%result) : (tensor<4x!quant.uniform<i8:f32, 0.5:1>>) -> tensor<4xi8>
    check.expect_eq_const %result_storage, dense<[5, 1, 3, 8]> : tensor<4xi8>
    func.return
  }
}
