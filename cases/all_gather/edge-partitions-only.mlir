// Case: spec/all_gather/edge-partitions-only
// A 1x2 grid with channel_id 1 and replica_groups [[0]]: cross_replica_and_partition gathers
// across the two partitions of replica 0.
module attributes {mhlo.num_replicas = 1 : i32, mhlo.num_partitions = 2 : i32} {
  func.func @main() {
    %process = "stablehlo.partition_id"() : () -> tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %operand_table = stablehlo.constant dense<[[[7], [65535]], [[8], [65534]]]> : tensor<2x2x1xui16>
    %operand_row = "stablehlo.dynamic_slice"(%operand_table, %process, %zero, %zero) {
      slice_sizes = array<i64: 1, 2, 1>
    } : (tensor<2x2x1xui16>, tensor<ui32>, tensor<ui32>, tensor<ui32>) -> tensor<1x2x1xui16>
    %operand = stablehlo.reshape %operand_row : (tensor<1x2x1xui16>) -> tensor<2x1xui16>
    %result = "stablehlo.all_gather"(%operand) {
      all_gather_dim = 1 : i64,
      replica_groups = dense<[[0]]> : tensor<1x1xi64>,
      channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>
    } : (tensor<2x1xui16>) -> tensor<2x2xui16>
    check.expect_eq_const %result, dense<[[7, 8], [65535, 65534]]> : tensor<2x2xui16>
    func.return
  }
}
