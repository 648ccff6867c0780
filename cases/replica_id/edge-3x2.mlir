// Case: spec/replica_id/edge-3x2
// A 3x2 grid: the replica_id of the processes in flattened id order (replica_id * 2 + partition_id)
// is [0, 0, 1, 1, 2, 2].
module attributes {mhlo.num_replicas = 3 : i32, mhlo.num_partitions = 2 : i32} {
  func.func @main() {
    %result = "stablehlo.replica_id"() : () -> tensor<ui32>
    %result_1 = stablehlo.reshape %result : (tensor<ui32>) -> tensor<1xui32>
    %all = "stablehlo.all_gather"(%result_1) {
      all_gather_dim = 0 : i64,
      replica_groups = dense<[[0, 1, 2, 3, 4, 5]]> : tensor<1x6xi64>,
      channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>,
      use_global_device_ids
    } : (tensor<1xui32>) -> tensor<6xui32>
    check.expect_eq_const %all, dense<[0, 0, 1, 1, 2, 2]> : tensor<6xui32>
    func.return
  }
}
