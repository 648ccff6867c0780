// Case: spec/all_reduce/quantized-promote
// i8 (scale 0.5) operands with an i16 (scale 0.25) computation over 2 replicas: each operand is
// requantized (q -> 2q), then added: [2 * (3 + 1), 2 * (-4 + 6)].
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %process = "stablehlo.replica_id"() : () -> tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %storage_table = stablehlo.constant dense<[[3, -4], [1, 6]]> : tensor<2x2xi8>
    %storage_row = "stablehlo.dynamic_slice"(%storage_table, %process, %zero) {
      slice_sizes = array<i64: 1, 2>
    } : (tensor<2x2xi8>, tensor<ui32>, tensor<ui32>) -> tensor<1x2xi8>
    %storage = stablehlo.reshape %storage_row : (tensor<1x2xi8>) -> tensor<2xi8>
    %operand = "stablehlo.bitcast_convert"(%storage) : (tensor<2xi8>) -> tensor<2x!quant.uniform<i8:f32, 0.5:0>>
    %quantized_result = "stablehlo.all_reduce"(%operand) ({
      ^bb0(%arg0: tensor<!quant.uniform<i16:f32, 0.25:0>>, %arg1: tensor<!quant.uniform<i16:f32, 0.25:0>>):
        %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<!quant.uniform<i16:f32, 0.25:0>>, tensor<!quant.uniform<i16:f32, 0.25:0>>) -> tensor<!quant.uniform<i16:f32, 0.25:0>>
        "stablehlo.return"(%0) : (tensor<!quant.uniform<i16:f32, 0.25:0>>) -> ()
    }) {
      replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>
    } : (tensor<2x!quant.uniform<i8:f32, 0.5:0>>) -> tensor<2x!quant.uniform<i16:f32, 0.25:0>>
    %result = "stablehlo.bitcast_convert"(%quantized_result) : (tensor<2x!quant.uniform<i16:f32, 0.25:0>>) -> tensor<2xi16>
    check.expect_eq_const %result, dense<[8, 4]> : tensor<2xi16>
    func.return
  }
}
