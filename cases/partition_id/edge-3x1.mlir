// Case: spec/partition_id/edge-3x1
// A 3x1 grid (replicas only): every process is partition 0.
module attributes {mhlo.num_replicas = 3 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %result = "stablehlo.partition_id"() : () -> tensor<ui32>
    %result_1 = stablehlo.reshape %result : (tensor<ui32>) -> tensor<1xui32>
    %all = "stablehlo.all_gather"(%result_1) {
      all_gather_dim = 0 : i64,
      replica_groups = dense<[[0, 1, 2]]> : tensor<1x3xi64>,
      channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>,
      use_global_device_ids
    } : (tensor<1xui32>) -> tensor<3xui32>
    check.expect_eq_const %all, dense<[0, 0, 0]> : tensor<3xui32>
    func.return
  }
}
