// Case: spec/reduce_scatter/edge-cross-replica-and-partition
// cross_replica_and_partition on a 2x2 grid (channel_id 1): one group
// [(0, 0), (1, 0), (0, 1), (1, 1)], the sum split in 4 parts in that order (si32).
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 2 : i32} {
  func.func @main() {
    %replica = "stablehlo.replica_id"() : () -> tensor<ui32>
    %partition = "stablehlo.partition_id"() : () -> tensor<ui32>
    %num_partitions = stablehlo.constant dense<2> : tensor<ui32>
    %replica_base = stablehlo.multiply %replica, %num_partitions : tensor<ui32>
    %process = stablehlo.add %replica_base, %partition : tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %operand_table = stablehlo.constant dense<[[1, 10, 100, 1000], [2, 20, 200, 2000], [3, 30, 300, 3000], [4, 40, 400, 4000]]> : tensor<4x4xi32>
    %operand_row = "stablehlo.dynamic_slice"(%operand_table, %process, %zero) {
      slice_sizes = array<i64: 1, 4>
    } : (tensor<4x4xi32>, tensor<ui32>, tensor<ui32>) -> tensor<1x4xi32>
    %operand = stablehlo.reshape %operand_row : (tensor<1x4xi32>) -> tensor<4xi32>
    %result = "stablehlo.reduce_scatter"(%operand) ({
      ^bb0(%arg0: tensor<i32>, %arg1: tensor<i32>):
        %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<i32>, tensor<i32>) -> tensor<i32>
        "stablehlo.return"(%0) : (tensor<i32>) -> ()
    }) {
      scatter_dimension = 0 : i64,
      replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>,
      channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>
    } : (tensor<4xi32>) -> tensor<1xi32>
    %result_expected_table = stablehlo.constant dense<[[10], [1000], [100], [10000]]> : tensor<4x1xi32>
    %result_expected_row = "stablehlo.dynamic_slice"(%result_expected_table, %process, %zero) {
      slice_sizes = array<i64: 1, 1>
    } : (tensor<4x1xi32>, tensor<ui32>, tensor<ui32>) -> tensor<1x1xi32>
    %result_expected = stablehlo.reshape %result_expected_row : (tensor<1x1xi32>) -> tensor<1xi32>
    check.expect_eq %result, %result_expected : tensor<1xi32>
    func.return
  }
}
