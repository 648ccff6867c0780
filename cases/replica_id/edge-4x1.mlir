// Case: spec/replica_id/edge-4x1
// 4 replicas: each process gathers every replica_id (all_gather over the flattened ids) and sees
// [0, 1, 2, 3].
module attributes {mhlo.num_replicas = 4 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %result = "stablehlo.replica_id"() : () -> tensor<ui32>
    %result_1 = stablehlo.reshape %result : (tensor<ui32>) -> tensor<1xui32>
    %all = "stablehlo.all_gather"(%result_1) {
      all_gather_dim = 0 : i64,
      replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>,
      channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>,
      use_global_device_ids
    } : (tensor<1xui32>) -> tensor<4xui32>
    check.expect_eq_const %all, dense<[0, 1, 2, 3]> : tensor<4xui32>
    func.return
  }
}
