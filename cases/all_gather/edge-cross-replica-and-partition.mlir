// Case: spec/all_gather/edge-cross-replica-and-partition
// cross_replica_and_partition on a 2x2 grid (channel_id 1): replica_groups [[0, 1]]
// gives one group [(0, 0), (1, 0), (0, 1), (1, 1)] (partition-major).
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 2 : i32} {
  func.func @main() {
    %replica = "stablehlo.replica_id"() : () -> tensor<ui32>
    %partition = "stablehlo.partition_id"() : () -> tensor<ui32>
    %num_partitions = stablehlo.constant dense<2> : tensor<ui32>
    %replica_base = stablehlo.multiply %replica, %num_partitions : tensor<ui32>
    %process = stablehlo.add %replica_base, %partition : tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %operand_table = stablehlo.constant dense<[[0], [10], [20], [30]]> : tensor<4x1xi64>
    %operand_row = "stablehlo.dynamic_slice"(%operand_table, %process, %zero) {
      slice_sizes = array<i64: 1, 1>
    } : (tensor<4x1xi64>, tensor<ui32>, tensor<ui32>) -> tensor<1x1xi64>
    %operand = stablehlo.reshape %operand_row : (tensor<1x1xi64>) -> tensor<1xi64>
    %result = "stablehlo.all_gather"(%operand) {
      all_gather_dim = 0 : i64,
      replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>,
      channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>
    } : (tensor<1xi64>) -> tensor<4xi64>
    check.expect_eq_const %result, dense<[0, 20, 10, 30]> : tensor<4xi64>
    func.return
  }
}
