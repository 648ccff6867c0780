// Case: spec/all_gather/edge-flattened-ids
// flattened_ids on a 2x2 grid (channel_id 2, use_global_device_ids): groups [[3, 0], [1, 2]] of
// flattened ids replica_id * 2 + partition_id.
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 2 : i32} {
  func.func @main() {
    %replica = "stablehlo.replica_id"() : () -> tensor<ui32>
    %partition = "stablehlo.partition_id"() : () -> tensor<ui32>
    %num_partitions = stablehlo.constant dense<2> : tensor<ui32>
    %replica_base = stablehlo.multiply %replica, %num_partitions : tensor<ui32>
    %process = stablehlo.add %replica_base, %partition : tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %operand_table = stablehlo.constant dense<[[[0], [0]], [[1], [-1]], [[2], [-2]], [[3], [-3]]]> : tensor<4x2x1xi32>
    %operand_row = "stablehlo.dynamic_slice"(%operand_table, %process, %zero, %zero) {
      slice_sizes = array<i64: 1, 2, 1>
    } : (tensor<4x2x1xi32>, tensor<ui32>, tensor<ui32>, tensor<ui32>) -> tensor<1x2x1xi32>
    %operand = stablehlo.reshape %operand_row : (tensor<1x2x1xi32>) -> tensor<2x1xi32>
    %result = "stablehlo.all_gather"(%operand) {
      all_gather_dim = 0 : i64,
      replica_groups = dense<[[3, 0], [1, 2]]> : tensor<2x2xi64>,
      channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>,
      use_global_device_ids
    } : (tensor<2x1xi32>) -> tensor<4x1xi32>
    %result_expected_table = stablehlo.constant dense<[[[3], [-3], [0], [0]], [[1], [-1], [2], [-2]], [[1], [-1], [2], [-2]], [[3], [-3], [0], [0]]]> : tensor<4x4x1xi32>
    %result_expected_row = "stablehlo.dynamic_slice"(%result_expected_table, %process, %zero, %zero) {
      slice_sizes = array<i64: 1, 4, 1>
    } : (tensor<4x4x1xi32>, tensor<ui32>, tensor<ui32>, tensor<ui32>) -> tensor<1x4x1xi32>
    %result_expected = stablehlo.reshape %result_expected_row : (tensor<1x4x1xi32>) -> tensor<4x1xi32>
    check.expect_eq %result, %result_expected : tensor<4x1xi32>
    func.return
  }
}
