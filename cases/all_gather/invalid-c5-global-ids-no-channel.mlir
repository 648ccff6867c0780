// Case: spec-invalid/all_gather/invalid-c5-global-ids-no-channel
// expect-invalid: all_gather C5
// use_global_device_ids without a channel.
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main(%arg0: tensor<2x2xf32>) -> tensor<2x4xf32> {
    %0 = "stablehlo.all_gather"(%arg0) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, use_global_device_ids} : (tensor<2x2xf32>) -> tensor<2x4xf32>
    func.return %0 : tensor<2x4xf32>
  }
}
