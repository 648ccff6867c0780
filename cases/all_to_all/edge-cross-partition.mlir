// Case: spec/all_to_all/edge-cross-partition
// cross_partition on a 2x2 grid (channel_id 1): partition_groups [[1, 0]] exchange between the two
// partitions of each replica (f32).
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 2 : i32} {
  func.func @main() {
    %replica = "stablehlo.replica_id"() : () -> tensor<ui32>
    %partition = "stablehlo.partition_id"() : () -> tensor<ui32>
    %num_partitions = stablehlo.constant dense<2> : tensor<ui32>
    %replica_base = stablehlo.multiply %replica, %num_partitions : tensor<ui32>
    %process = stablehlo.add %replica_base, %partition : tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %operand_table = stablehlo.constant dense<[[0.0, 0.5, -0.0, -0.0], [1.0, 1.5, -1.0, -0.0], [2.0, 2.5, -2.0, -0.0], [3.0, 3.5, -3.0, -0.0]]> : tensor<4x4xf32>
    %operand_row = "stablehlo.dynamic_slice"(%operand_table, %process, %zero) {
      slice_sizes = array<i64: 1, 4>
    } : (tensor<4x4xf32>, tensor<ui32>, tensor<ui32>) -> tensor<1x4xf32>
    %operand = stablehlo.reshape %operand_row : (tensor<1x4xf32>) -> tensor<4xf32>
    %result = "stablehlo.all_to_all"(%operand) {
      split_dimension = 0 : i64,
      concat_dimension = 0 : i64,
      split_count = 2 : i64,
      replica_groups = dense<[[1, 0]]> : tensor<1x2xi64>,
      channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>
    } : (tensor<4xf32>) -> tensor<4xf32>
    %result_expected_table = stablehlo.constant dense<[[-1.0, -0.0, -0.0, -0.0], [1.0, 1.5, 0.0, 0.5], [-3.0, -0.0, -2.0, -0.0], [3.0, 3.5, 2.0, 2.5]]> : tensor<4x4xf32>
    %result_expected_row = "stablehlo.dynamic_slice"(%result_expected_table, %process, %zero) {
      slice_sizes = array<i64: 1, 4>
    } : (tensor<4x4xf32>, tensor<ui32>, tensor<ui32>) -> tensor<1x4xf32>
    %result_expected = stablehlo.reshape %result_expected_row : (tensor<1x4xf32>) -> tensor<4xf32>
    check.expect_eq %result, %result_expected : tensor<4xf32>
    func.return
  }
}
