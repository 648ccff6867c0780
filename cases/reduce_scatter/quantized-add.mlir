// Case: spec/reduce_scatter/quantized-add
// Quantized i8 (scale 0.5, zero point 1) reduce_scatter with a quantized add over 2 replicas:
// [2, -2, 0, 3] + [0.5, 4, 0, -1] = [2.5, 2, 0, 2] (q [6, 5, 1, 5]), split in halves.
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %process = "stablehlo.replica_id"() : () -> tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %storage_table = stablehlo.constant dense<[[5, -3, 1, 7], [2, 9, 1, -1]]> : tensor<2x4xi8>
    %storage_row = "stablehlo.dynamic_slice"(%storage_table, %process, %zero) {
      slice_sizes = array<i64: 1, 4>
    } : (tensor<2x4xi8>, tensor<ui32>, tensor<ui32>) -> tensor<1x4xi8>
    %storage = stablehlo.reshape %storage_row : (tensor<1x4xi8>) -> tensor<4xi8>
    %operand = "stablehlo.bitcast_convert"(%storage) : (tensor<4xi8>) -> tensor<4x!quant.uniform<i8:f32, 0.5:1>>
    %quantized_result = "stablehlo.reduce_scatter"(%operand) ({
      ^bb0(%arg0: tensor<!quant.uniform<i8:f32, 0.5:1>>, %arg1: tensor<!quant.uniform<i8:f32, 0.5:1>>):
        %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<!quant.uniform<i8:f32, 0.5:1>>, tensor<!quant.uniform<i8:f32, 0.5:1>>) -> tensor<!quant.uniform<i8:f32, 0.5:1>>
        "stablehlo.return"(%0) : (tensor<!quant.uniform<i8:f32, 0.5:1>>) -> ()
    }) {
      scatter_dimension = 0 : i64,
      replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>
    } : (tensor<4x!quant.uniform<i8:f32, 0.5:1>>) -> tensor<2x!quant.uniform<i8:f32, 0.5:1>>
    %result = "stablehlo.bitcast_convert"(%quantized_result) : (tensor<2x!quant.uniform<i8:f32, 0.5:1>>) -> tensor<2xi8>
    %result_expected_table = stablehlo.constant dense<[[6, 5], [1, 5]]> : tensor<2x2xi8>
    %result_expected_row = "stablehlo.dynamic_slice"(%result_expected_table, %process, %zero) {
      slice_sizes = array<i64: 1, 2>
    } : (tensor<2x2xi8>, tensor<ui32>, tensor<ui32>) -> tensor<1x2xi8>
    %result_expected = stablehlo.reshape %result_expected_row : (tensor<1x2xi8>) -> tensor<2xi8>
    check.expect_eq %result, %result_expected : tensor<2xi8>
    func.return
  }
}
