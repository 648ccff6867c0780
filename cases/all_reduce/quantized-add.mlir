// Case: spec/all_reduce/quantized-add
// Quantized i8 (scale 0.5, zero point 1) all_reduce with a quantized add over 3 replicas:
// [2, -2, 0] + [0.5, 4, 0] + [-1, 1, 3] = [1.5, 3, 3] (q [4, 7, 7]); every partial sum is exact.
module attributes {mhlo.num_replicas = 3 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %process = "stablehlo.replica_id"() : () -> tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %storage_table = stablehlo.constant dense<[[5, -3, 1], [2, 9, 1], [-1, 3, 7]]> : tensor<3x3xi8>
    %storage_row = "stablehlo.dynamic_slice"(%storage_table, %process, %zero) {
      slice_sizes = array<i64: 1, 3>
    } : (tensor<3x3xi8>, tensor<ui32>, tensor<ui32>) -> tensor<1x3xi8>
    %storage = stablehlo.reshape %storage_row : (tensor<1x3xi8>) -> tensor<3xi8>
    %operand = "stablehlo.bitcast_convert"(%storage) : (tensor<3xi8>) -> tensor<3x!quant.uniform<i8:f32, 0.5:1>>
    %quantized_result = "stablehlo.all_reduce"(%operand) ({
      ^bb0(%arg0: tensor<!quant.uniform<i8:f32, 0.5:1>>, %arg1: tensor<!quant.uniform<i8:f32, 0.5:1>>):
        %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<!quant.uniform<i8:f32, 0.5:1>>, tensor<!quant.uniform<i8:f32, 0.5:1>>) -> tensor<!quant.uniform<i8:f32, 0.5:1>>
        "stablehlo.return"(%0) : (tensor<!quant.uniform<i8:f32, 0.5:1>>) -> ()
    }) {
      replica_groups = dense<[[0, 1, 2]]> : tensor<1x3xi64>
    } : (tensor<3x!quant.uniform<i8:f32, 0.5:1>>) -> tensor<3x!quant.uniform<i8:f32, 0.5:1>>
    %result = "stablehlo.bitcast_convert"(%quantized_result) : (tensor<3x!quant.uniform<i8:f32, 0.5:1>>) -> tensor<3xi8>
    check.expect_eq_const %result, dense<[4, 7, 7]> : tensor<3xi8>
    func.return
  }
}
