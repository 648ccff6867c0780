// Case: spec/reduce/quantized-promote
// is_promotable compares the storage types only: i8 (scale 0.5) inputs with an i16 (scale 0.25) body.
// to_destination_type requantizes each input (q -> 2q), then the body adds: 2 * (3 - 4 + 6) = 10, 2 * (1 + 1 + 1) = 6.
module {
  func.func @main() {
    %input_storage = stablehlo.constant dense<[[3, -4, 6], [1, 1, 1]]> : tensor<2x3xi8>
    %input = "stablehlo.bitcast_convert"(%input_storage) : (tensor<2x3xi8>) -> tensor<2x3x!quant.uniform<i8:f32, 0.5:0>>
    %init_storage = stablehlo.constant dense<0> : tensor<i8>
    %init = "stablehlo.bitcast_convert"(%init_storage) : (tensor<i8>) -> tensor<!quant.uniform<i8:f32, 0.5:0>>
    %result = "stablehlo.reduce"(%input, %init) ({
      ^bb0(%arg0: tensor<!quant.uniform<i16:f32, 0.25:0>>, %arg1: tensor<!quant.uniform<i16:f32, 0.25:0>>):
        %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<!quant.uniform<i16:f32, 0.25:0>>, tensor<!quant.uniform<i16:f32, 0.25:0>>) -> tensor<!quant.uniform<i16:f32, 0.25:0>>
        "stablehlo.return"(%0) : (tensor<!quant.uniform<i16:f32, 0.25:0>>) -> ()
    }) {
      dimensions = array<i64: 1>
    } : (tensor<2x3x!quant.uniform<i8:f32, 0.5:0>>, tensor<!quant.uniform<i8:f32, 0.5:0>>) -> tensor<2x!quant.uniform<i16:f32, 0.25:0>>
    %result_storage = "stablehlo.bitcast_convert"(%result) : (tensor<2x!quant.uniform<i16:f32, 0.25:0>>) -> tensor<2xi16>
    check.expect_eq_const %result_storage, dense<[10, 6]> : tensor<2xi16>
    func.return
  }
}
