// Case: spec/sort/quantized-keys
// Quantized i8 keys (scale 0.25, zero point -3) sorted by a comparator on the quantized scalars (compare
// dequantizes); the f32 values follow their keys, and the equal keys 4 keep their order (is_stable).
module {
  func.func @main() {
    %keys_storage = stablehlo.constant dense<[4, -3, 10, 4, -20]> : tensor<5xi8>
    %keys = "stablehlo.bitcast_convert"(%keys_storage) : (tensor<5xi8>) -> tensor<5x!quant.uniform<i8:f32, 0.25:-3>>
    %values = stablehlo.constant dense<[0.0, 1.0, 2.0, 3.0, 4.0]> : tensor<5xf32>
    %result:2 = "stablehlo.sort"(%keys, %values) ({
      ^bb0(%arg0: tensor<!quant.uniform<i8:f32, 0.25:-3>>, %arg1: tensor<!quant.uniform<i8:f32, 0.25:-3>>, %arg2: tensor<f32>, %arg3: tensor<f32>):
        %0 = "stablehlo.compare"(%arg0, %arg1) {comparison_direction = #stablehlo<comparison_direction LT>} : (tensor<!quant.uniform<i8:f32, 0.25:-3>>, tensor<!quant.uniform<i8:f32, 0.25:-3>>) -> tensor<i1>
        "stablehlo.return"(%0) : (tensor<i1>) -> ()
    }) {
      dimension = 0 : i64,
      is_stable = true
    } : (tensor<5x!quant.uniform<i8:f32, 0.25:-3>>, tensor<5xf32>) -> (tensor<5x!quant.uniform<i8:f32, 0.25:-3>>, tensor<5xf32>)
    %sorted_keys = "stablehlo.bitcast_convert"(%result#0) : (tensor<5x!quant.uniform<i8:f32, 0.25:-3>>) -> tensor<5xi8>
    check.expect_eq_const %sorted_keys, dense<[-20, -3, 4, 4, 10]> : tensor<5xi8>
    check.expect_eq_const %result#1, dense<[4.0, 1.0, 0.0, 3.0, 2.0]> : tensor<5xf32>
    func.return
  }
}
