// Case: spec/reduce/quantized-min-negative-zero-point
// A quantized minimum body (scale 0.25, zero point -3; init 127 = 32.5).
module {
  func.func @main() {
    %input_storage = stablehlo.constant dense<[[-3, 10, -20], [0, 1, 2]]> : tensor<2x3xi8>
    %input = "stablehlo.bitcast_convert"(%input_storage) : (tensor<2x3xi8>) -> tensor<2x3x!quant.uniform<i8:f32, 0.25:-3>>
    %init_storage = stablehlo.constant dense<127> : tensor<i8>
    %init = "stablehlo.bitcast_convert"(%init_storage) : (tensor<i8>) -> tensor<!quant.uniform<i8:f32, 0.25:-3>>
    %result = "stablehlo.reduce"(%input, %init) ({
      ^bb0(%arg0: tensor<!quant.uniform<i8:f32, 0.25:-3>>, %arg1: tensor<!quant.uniform<i8:f32, 0.25:-3>>):
        %0 = "stablehlo.minimum"(%arg0, %arg1) : (tensor<!quant.uniform<i8:f32, 0.25:-3>>, tensor<!quant.uniform<i8:f32, 0.25:-3>>) -> tensor<!quant.uniform<i8:f32, 0.25:-3>>
        "stablehlo.return"(%0) : (tensor<!quant.uniform<i8:f32, 0.25:-3>>) -> ()
    }) {
      dimensions = array<i64: 1>
    } : (tensor<2x3x!quant.uniform<i8:f32, 0.25:-3>>, tensor<!quant.uniform<i8:f32, 0.25:-3>>) -> tensor<2x!quant.uniform<i8:f32, 0.25:-3>>
    %result_storage = "stablehlo.bitcast_convert"(%result) : (tensor<2x!quant.uniform<i8:f32, 0.25:-3>>) -> tensor<2xi8>
    check.expect_eq_const %result_storage, dense<[-20, 0]> : tensor<2xi8>
    func.return
  }
}
